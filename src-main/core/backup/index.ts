// Backups as a module of the core (issue 28): the service that writes them, when it runs by itself (at start when the
// last good one is a day old, then whenever it turns a day old while running), the passphrase, and the backup.* handlers.
import { join } from 'node:path';
import type { DomainCallName } from '../../../src-shared/contract';
import type { Db } from '../db/database';
import type { Handlers } from '../dispatch';
import type { EventBus } from '../events';
import type { Logger } from '../log';
import type { Every } from '../pricing/price-schedule';
import type { TokenVault } from '../secrets/vault';
import { BackupConfigFile } from './backup-config';
import { BackupService, toEntry } from './backup-service';
import { Passphrases } from './passphrase';
import { restoreAtStartRefusal, restoreBackup, type RestartControl } from './restore';
import { RestoreUpload } from './restore-upload';
import { notSentRuns, sendNotSent, type SendMissedAnyway } from './not-sent';

export { writeBackupNow } from './backup-file';
export type { RestartControl } from './restore';

/** How often a running Besked looks whether its last good backup has turned a day old. */
export const BACKUP_CHECK_INTERVAL_MS = 3600_000;

export interface BackupModuleOptions {
  db: Db;
  dataDir: string;
  events: EventBus;
  log: Logger;
  vault: TokenVault;
  now: () => number;
  every?: Every;
  /** Whoever runs this core, which can close it, swap the database file and start it again (a restore). */
  restart?: RestartControl | null;
  /** The automations' runner: sends a run a restore recorded as not sent, when the owner chooses to. */
  sendMissedAnyway: SendMissedAnyway;
}

export interface BackupModule {
  handlers: Pick<Handlers, DomainCallName<'backup'>>;
  service: BackupService;
  start(): void;
  stop(): Promise<void>;
}

const systemEvery: Every = (ms, fn) => {
  const timer = setInterval(fn, ms);
  timer.unref();
  return () => clearInterval(timer);
};

export const backupsDir = (dataDir: string) => join(dataDir, 'backups');

export function createBackupModule(o: BackupModuleOptions): BackupModule {
  const dir = backupsDir(o.dataDir);
  const config = new BackupConfigFile(dir);
  const passphrases = new Passphrases(config, o.vault, o.now);
  const service = new BackupService({ db: o.db, dir, config, passphrases, events: o.events, log: o.log, now: o.now });
  const upload = new RestoreUpload(dir, o.now);
  const restart = o.restart ?? null;
  let stopTimer: (() => void) | null = null;

  const backUpIfDue = (reason: 'start' | 'daily') => {
    if (!service.due()) return;
    // Already logged and shown on the card by the service; the next hourly look tries again.
    service.backUp(reason).catch(() => undefined);
  };

  return {
    service,
    start: () => {
      service.sweep();
      backUpIfDue('start');
      stopTimer = (o.every ?? systemEvery)(BACKUP_CHECK_INTERVAL_MS, () => {
        backUpIfDue('daily');
        upload.sweep().catch((err: unknown) => o.log.warn('a left restore upload could not be removed', { err }));
      });
    },
    stop: async () => {
      stopTimer?.();
      stopTimer = null;
      await service.idle();
      await upload.discard();
    },
    handlers: {
      'backup.status': () => service.status(),
      'backup.now': async () => toEntry(await service.backUp('manual')),
      'backup.configure': (i) => {
        const c = config.get();
        const place = i.secondPlace === undefined ? c.secondPlace : i.secondPlace || null;
        const at = new Date(o.now()).toISOString();
        config.update({
          secondPlace: place,
          secondPlaceSince: place === c.secondPlace ? c.secondPlaceSince : place ? at : null,
          ...(i.keep ? { keep: i.keep } : {}),
        });
        service.changed();
        return service.status();
      },
      'backup.newPassphrase': () => passphrases.create(),
      'backup.confirmPassphrase': async (i) => {
        await passphrases.confirm(i.words);
        service.changed();
        return service.status();
      },
      'backup.uploadBegin': (i) => {
        // Refused before a byte is sent where the restore itself would be (a running server restores at its start).
        if (!restart) throw restoreAtStartRefusal();
        return upload.begin(i.bytes);
      },
      'backup.uploadChunk': async (i) => ({ received: await upload.append(i.uploadId, i.offset, i.base64) }),
      'backup.restore': (i) => restoreBackup({ ...o, dir, service, passphrases, upload, restart }, i),
      'backup.notSent': () => ({ runs: notSentRuns(o.db) }),
      'backup.sendNotSent': (i) => sendNotSent(o.sendMissedAnyway, i.id),
    },
  };
}
