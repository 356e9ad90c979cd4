// Settings as a module of the core: the store every service reads, and the settings.* handlers.
export { DEFAULT_SETTINGS, SettingsStore } from './store';
export { settingsHandlers, type SettingsHandlerDeps } from './handlers';
