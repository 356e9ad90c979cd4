// The built renderer served to a browser, for web mode and the team server alike: files under one folder only, with
// the headers that keep a page from being framed, sniffed or run with inline script. Text goes gzipped to a browser
// that takes it, and the build's hashed files are kept by the browser for good: a phone on slow mobile data loads
// the app in a fraction of the bytes, once.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

/** Types worth compressing (images and fonts are compressed already). */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.webmanifest']);
/** Each file's gzip, made once per version of the file (its path, size and time). */
const gzipped = new Map<string, Buffer>();

/** A plain-text refusal (or a cut connection when the answer had begun). */
export function refuse(res: ServerResponse, status: number, text: string) {
  if (res.headersSent) return res.destroy();
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(text);
}

/** `csp`: the page's Content-Security-Policy (csp.ts), which names where its bridge connects. */
export async function serveStatic(dir: string, req: IncomingMessage, res: ServerResponse, csp: string) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'Method not allowed');
  const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  const rel = normalize(path === '/' ? '/index.html' : path);
  const file = join(dir, rel);
  if (!file.startsWith(dir.endsWith(sep) ? dir : dir + sep)) return refuse(res, 404, 'Not found');
  let body: Buffer;
  let version: string;
  try {
    const info = await stat(file);
    if (!info.isFile()) return refuse(res, 404, 'Not found');
    version = `${file}:${info.size}:${info.mtimeMs}`;
    body = await readFile(file);
  } catch {
    return refuse(res, 404, 'Not found');
  }
  const headers: Record<string, string> = {
    'Content-Type': MIME[extname(file)] ?? 'application/octet-stream',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    // The build names its assets by their content's hash: a changed file is a new name.
    'Cache-Control': rel.startsWith(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
  if (COMPRESSIBLE.has(extname(file))) {
    headers['Vary'] = 'Accept-Encoding';
    if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      let zipped = gzipped.get(version);
      if (!zipped) {
        zipped = gzipSync(body);
        gzipped.set(version, zipped);
      }
      body = zipped;
      headers['Content-Encoding'] = 'gzip';
    }
  }
  if (extname(file) === '.html') {
    headers['Content-Security-Policy'] = csp;
    headers['X-Frame-Options'] = 'DENY';
  }
  res.writeHead(200, headers).end(req.method === 'HEAD' ? undefined : body);
}
