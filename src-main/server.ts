// `npm run server -- [--host ADDR] [--port N] [--data DIR] [--cert FILE --key FILE] [--name NAME] [--restore FILE]`:
// one core serving a team over TLS (after restoring a backup into its data folder, when asked; an encrypted one's
// passphrase comes from BESKED_BACKUP_PASSPHRASE). Prints the address to open, the certificate's fingerprint (what the desktop app shows on first
// connect) and where the gateway token is kept; on SIGTERM or SIGINT stops accepting, closes every socket, pauses the
// outbox at a chunk boundary, closes the database and exits 0.
import { join, resolve } from 'node:path';
import { networkInterfaces } from 'node:os';
import { lookup } from 'node:dns/promises';
import { createLogger } from './core/log';
import { installCrashGuard } from './core/crash-guard';
import { defaultDataDir } from './core/data-dir';
import { builtRenderer, packageVersion } from './built-renderer';
import { parseServerArgs, SERVER_USAGE } from './server-args';
import { addressKind, addressesForHost, exposureRule } from './server-exposure';
import { startTeamServer } from './server/start-server';
import { describeVault } from './server/token-vault';
import { restoreAtStart } from './core/backup/restore-at-start';
import { toAppError } from './core/errors';

async function main() {
  const args = parseServerArgs(process.argv.slice(2));
  if ('error' in args) {
    process.stderr.write(`${args.error}\n${SERVER_USAGE}\n`);
    process.exit(2);
  }
  const exposure = exposureRule({ host: args.host, allowPublic: args.public === true, servedAddresses: await servedAddresses(args.host) });
  if (!exposure.ok) {
    process.stderr.write(`Besked server will not start: ${exposure.error}\n`);
    process.exit(2);
  }
  if (exposure.warning) process.stderr.write(`${exposure.warning}\n`);
  const staticDir = builtRenderer();
  // The app's own folder by default: a shop that starts a server keeps the contacts and campaigns it has.
  const dataDir = args.data ? resolve(args.data) : defaultDataDir();
  const log = createLogger({ file: join(dataDir, 'besked.log'), echo: process.env.BESKED_LOG === '1' });
  // From here on a crash is reported through the log's redaction, never with the token in it.
  installCrashGuard({ log });
  if (args.restore) {
    const passphrase = process.env.BESKED_BACKUP_PASSPHRASE;
    try {
      const r = await restoreAtStart({ dataDir, file: resolve(args.restore), now: Date.now, ...(passphrase ? { passphrase } : {}) });
      process.stdout.write(
        `Restored the backup of ${r.takenAt}. ${r.pausedCampaigns} campaign(s) wait paused to be checked; ${r.heldOccurrences} automation run(s) were not sent.` +
          (r.safetyCopy ? ` The data as it was is kept in backups/${r.safetyCopy}.` : '') +
          '\n',
      );
    } catch (err) {
      // Nothing was changed: the message says why, without a stack trace.
      process.stderr.write(`The backup was not restored: ${toAppError(err).message}\n`);
      process.exit(1);
    }
  }
  const service = process.env.BESKED_KEYCHAIN_SERVICE;
  const server = await startTeamServer({
    dataDir,
    host: args.host,
    port: args.port,
    staticDir,
    version: await packageVersion(),
    log,
    ...(args.name ? { serverName: args.name } : {}),
    ...(service ? { keychain: { service } } : {}),
    certificate: args.cert && args.key ? { certFile: resolve(args.cert), keyFile: resolve(args.key) } : 'selfSigned',
  });
  const cert = server.certificate!;
  const whence = cert.source === 'given' ? `from ${cert.certFile}` : cert.source === 'created' ? `made now, kept in ${cert.certFile}` : `kept in ${cert.certFile}`;
  process.stdout.write(
    [
      `Besked server: ${server.url}`,
      `Certificate fingerprint (SHA-256): ${cert.fingerprint256} (${whence})`,
      `The gateway token is kept ${describeVault(server.vault)}.`,
      `Data folder: ${dataDir}`,
      args.host === '127.0.0.1' ? 'Only this computer can reach it; start with --host 0.0.0.0 to serve the network.' : 'Colleagues open the address above; the desktop app asks them to confirm the fingerprint.',
      '',
    ].join('\n'),
  );

  if (server.vault.kind === 'file') {
    process.stderr.write(`Warning: no keychain on this computer. The gateway token is kept in a file only this user can read; keep the data folder private.\n`);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info('server stopping', { signal });
    await server.close();
    process.stdout.write('Besked server stopped.\n');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/** Where the server would answer: the machine's own addresses for 0.0.0.0 and ::, what a host name resolves to. */
async function servedAddresses(host: string): Promise<string[]> {
  if (addressKind(host) === null) return (await lookup(host, { all: true })).map((a) => a.address);
  const own = Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((i) => ({ address: i.address, family: i.family })));
  return addressesForHost(host, own);
}

main().catch((err: unknown) => {
  const inUse = (err as { code?: string }).code === 'EADDRINUSE';
  const msg = inUse
    ? 'Another program already listens on that port. Stop it, or start the server with --port and another number.'
    : err instanceof Error
      ? err.message
      : String(err);
  process.stderr.write(`Besked server could not start: ${msg}\n`);
  process.exit(1);
});
