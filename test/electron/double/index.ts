// What `import … from 'electron'` resolves to in the main process under test: the doubles, one per
// Electron class or module, and only what src-main/index.ts and the preload use.
export { app } from './app';
export { BrowserWindow } from './browser-window';
export { dialog } from './dialog';
export { ipcMain } from './ipc-main';
export { Menu } from './menu';
export { nativeImage } from './native-image';
export { Notification } from './notification';
export { screen } from './screen';
export { session } from './session';
export { shell } from './shell';
export { Tray } from './tray';
