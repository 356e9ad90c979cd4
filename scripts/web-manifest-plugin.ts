// The renderer build's web app manifest (issue 29.5): "Add to Home Screen" on a phone gives Besked its name, its icon
// (the committed PNGs of resources/icons, made by make-icons.mjs) and a standalone window. Written at build time so
// the icons are the same files as the desktop app's, not copies; the page's links to it are added to index.html.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** The light theme's primary green (composables/useTheme.ts): the phone's status bar around the installed app. */
export const THEME_COLOUR = '#0e8043';
const ICON_SIZES = [256, 512] as const;

export function webManifest(resourcesDir: string): Plugin {
  return {
    name: 'besked-web-manifest',
    apply: 'build',
    generateBundle() {
      for (const size of ICON_SIZES) {
        this.emitFile({ type: 'asset', fileName: `icons/icon-${size}.png`, source: readFileSync(join(resourcesDir, 'icons', `${size}x${size}.png`)) });
      }
      const manifest = {
        name: 'Besked',
        short_name: 'Besked',
        description: 'Text your customers: contacts, campaigns and replies.',
        // Relative to the manifest, so it works wherever the server serves the app.
        start_url: './#/inbox',
        scope: './',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: THEME_COLOUR,
        icons: ICON_SIZES.map((size) => ({ src: `icons/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' })),
      };
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: `${JSON.stringify(manifest, null, 2)}\n` });
    },
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'manifest', href: './manifest.webmanifest' }, injectTo: 'head' },
      { tag: 'link', attrs: { rel: 'apple-touch-icon', href: './icons/icon-256.png' }, injectTo: 'head' },
      { tag: 'meta', attrs: { name: 'theme-color', content: THEME_COLOUR }, injectTo: 'head' },
      { tag: 'meta', attrs: { name: 'apple-mobile-web-app-capable', content: 'yes' }, injectTo: 'head' },
    ],
  };
}
