// Globals the renderer relies on: the preload's API and .vue modules.
/// <reference types="vite/client" />
import type { BeskedApi } from '../src-shared/contract';

declare global {
  interface Window {
    besked: BeskedApi;
  }
}
