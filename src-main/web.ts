// `npm run web -- [--port N] [--data DIR]`: the same core as the Electron app, serving the renderer to a
// browser over an authenticated loopback WebSocket. Prints exactly one line: the address with its key.
import { join, resolve } from 'node:path';
import { startHost } from './core/remote/host';
import { createLogger } from './core/log';
import { keepDataFolderPrivate } from './core/private-folder';
import { installCrashGuard } from './core/crash-guard';
import { defaultDataDir } from './core/data-dir';
import { startWebServer } from './bridge/web-server';
import { openVault } from './core/secrets/vault';
import { parseWebArgs } from './web-args';
import { builtRenderer, packageVersion } from './built-renderer';

async function main() {
  const args = parseWebArgs(process.argv.slice(2));
  if ('error' in args) {
    process.stderr.write(`${args.error}\nUsage: npm run web -- [--port N] [--data DIR]\n`);
    process.exit(2);
  }
  const staticDir = builtRenderer();
  const dataDir = args.data ? resolve(args.data) : defaultDataDir();
  const log = createLogger({ file: join(dataDir, 'besked.log'), echo: process.env.BESKED_LOG === '1' });
  // From here on a crash is reported through the log's redaction, never with the token in it.
  installCrashGuard({ log });
  const version = await packageVersion();
  // Tests give each run its own keychain service so they never touch the user's real token.
  const service = process.env.BESKED_KEYCHAIN_SERVICE;
  const vault = await openVault(service ? { service } : {});
  // The local core, or the link to a Besked server when remote.json says so (then no local core runs).
  // Also when this PC is a server's client and runs no core of its own.
  keepDataFolderPrivate(dataDir, log);
  const host = await startHost({ dataDir, shell: 'web', version, log, vault });
  const server = await startWebServer({ dispatch: host.dispatch, events: host.events, staticDir, port: args.port, log });
  // A second start on this folder is refused and pointed here (instance-lock.ts).
  host.describeLock(server.url);
  process.stdout.write(`Besked web: ${server.url}\n`);

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await server.close();
    await host.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

main().catch((err: unknown) => {
  const msg = err instanceof Error ? err.message : String(err);
  process.stderr.write(`Besked could not start: ${msg}\n`);
  process.exit(1);
});
