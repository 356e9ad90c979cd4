// The double of Electron's shell: opening a link in the browser or a path in the file manager, recorded.
export const shell = {
  opened: [] as string[],
  async openExternal(url: string) {
    new URL(url);
    shell.opened.push(url);
  },
  async openPath(path: string) {
    shell.opened.push(path);
    return '';
  },
};
