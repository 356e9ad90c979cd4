// The built renderer served to a browser, for web mode and the team server alike: files under one folder only, with
// the headers that keep a page from being framed, sniffed or run with inline script. Text goes compressed to a browser
// that takes it (brotli, a sixth smaller than gzip for the app's script, once it is made; gzip meanwhile), and the
// build's hashed files are kept by the browser for good: a phone on slow mobile data loads the app in a fraction of
// the bytes, once. The build writes each file's brotli and gzip beside it (electron.vite.config.ts), so a server just
// started answers with them at once instead of compressing the app on the CPU its first users wait for.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants as zlib, gunzip as gunzipCallback, gzipSync } from 'node:zlib';

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
/** Each file's gzip, the build's or made once per version of the file (its path, size and time). */
const gzipped = new Map<string, Buffer>();
/**
 * Each file's brotli at its best: the build's, else made once per version in the background the first time it is
 * asked for (slow: seconds for the app's script); until it is ready that answer and the next go gzipped. Null while
 * being made.
 */
const brotlied = new Map<string, Buffer | null>();
/** Each version's look for the build's brotli, shared by the requests that come while it runs (a preload and its script). */
const lookups = new Map<string, Promise<void>>();

const unbrotli = promisify(brotliDecompress);
const gunzip = promisify(gunzipCallback);

/**
 * The build's compressed copy of a file (`file.br`, `file.gz`), if it unpacks to the file's bytes: a file replaced
 * after the build keeps copies of other bytes. (Their times say nothing: the build writes a copy before its file.)
 * Unpacking takes milliseconds, once per version of the file.
 */
async function builtCopy(file: string, body: Buffer, suffix: '.br' | '.gz'): Promise<Buffer | undefined> {
  try {
    const copy = await readFile(file + suffix);
    const unpacked = await (suffix === '.br' ? unbrotli(copy) : gunzip(copy));
    return unpacked.equals(body) ? copy : undefined;
  } catch {
    // None, or not a copy that unpacks: made here instead.
    return undefined;
  }
}

async function brotliOf(version: string, file: string, body: Buffer): Promise<Buffer | undefined> {
  const made = brotlied.get(version);
  if (made !== undefined) return made ?? undefined;
  let lookup = lookups.get(version);
  if (!lookup) {
    lookup = builtCopy(file, body, '.br').then((built) => {
      if (built) return void brotlied.set(version, built);
      brotlied.set(version, null);
      const params = { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length };
      brotliCompress(body, { params }, (err, out) => {
        if (!err) return void brotlied.set(version, out);
        // Not made (out of memory, say): tried again when next asked for; gzip serves meanwhile.
        brotlied.delete(version);
        lookups.delete(version);
      });
    });
    lookups.set(version, lookup);
  }
  await lookup;
  return brotlied.get(version) ?? undefined;
}

/** What the browser takes, best first; `q=0` is a refusal. */
function accepts(header: string | string[] | undefined, coding: string): boolean {
  return String(header ?? '')
    .split(',')
    .some((part) => {
      const [name, ...params] = part.trim().toLowerCase().split(';');
      return name === coding && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
    });
}

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
    const brotli = accepts(req.headers['accept-encoding'], 'br') ? await brotliOf(version, file, body) : undefined;
    if (brotli) {
      body = brotli;
      headers['Content-Encoding'] = 'br';
    } else if (accepts(req.headers['accept-encoding'], 'gzip')) {
      let zipped = gzipped.get(version);
      if (!zipped) {
        zipped = (await builtCopy(file, body, '.gz')) ?? gzipSync(body);
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
