// Which page the window loads: the built renderer from disk, or electron-vite's dev server while
// developing (only in an unpackaged app, so an environment variable cannot point an installed Besked
// at another page). The same URL is the only one the window may navigate to and the IPC trusts.
import { pathToFileURL } from 'node:url';

export type RendererTarget = { kind: 'file'; file: string; appUrl: string } | { kind: 'url'; url: string; appUrl: string };

export function rendererTarget(opts: { packaged: boolean; devServerUrl: string | undefined; rendererFile: string }): RendererTarget {
  const dev = opts.devServerUrl?.trim();
  if (!opts.packaged && dev && /^http:\/\/(localhost|127\.0\.0\.1|\[::1\]):\d+\/?$/.test(dev)) {
    const url = new URL(dev).href;
    return { kind: 'url', url, appUrl: url };
  }
  return { kind: 'file', file: opts.rendererFile, appUrl: pathToFileURL(opts.rendererFile).href };
}
