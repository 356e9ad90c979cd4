// The built renderer served to a browser, for web mode and the team server alike: files under one folder only, with
// the headers that keep a page from being framed, sniffed or run with inline script.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

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
  try {
    if (!(await stat(file)).isFile()) return refuse(res, 404, 'Not found');
    body = await readFile(file);
  } catch {
    return refuse(res, 404, 'Not found');
  }
  const headers: Record<string, string> = {
    'Content-Type': MIME[extname(file)] ?? 'application/octet-stream',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-cache',
  };
  if (extname(file) === '.html') {
    headers['Content-Security-Policy'] = csp;
    headers['X-Frame-Options'] = 'DENY';
  }
  res.writeHead(200, headers).end(req.method === 'HEAD' ? undefined : body);
}
