// Takes backups one at a time: writes and checks one in backups/, copies it encrypted to the second place, applies the
// retention rule, and tells the Settings card (and the header) what there is and what is wrong.
import { makePrivateDir } from '../private-folder';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { BackupEntry, BackupReason, BackupStatus, SecondPlaceProblem } from '../../../src-shared/contract';
import { coded } from '../../../src-shared/error-codes';
import type { Db } from '../db/database';
import { BeskedError, toAppError } from '../errors';
import type { EventBus } from '../events';
import type { Logger } from '../log';
import type { BackupConfigFile } from './backup-config';
import { manifestFor, writeBackup } from './backup-file';
import { listBackups, sweepBackups, writeManifest, type BackupManifest } from './backup-manifest';
import type { Passphrases } from './passphrase';
import { backupsToDelete } from './retention';
import { copyToSecondPlace, removeCopies } from './second-place';

const DAY = 86_400_000;
/** How long Besked waits for a copy outside the PC before it says so in the header. */
export const OFFSITE_GRACE_MS = 3 * DAY;

export interface BackupServiceDeps {
  db: Db;
  dir: string;
  config: BackupConfigFile;
  passphrases: Passphrases;
  events: EventBus;
  log: Logger;
  now: () => number;
}

export class BackupService {
  private running: Promise<BackupManifest> | null = null;
  private lastFailure: string | null = null;
  private secondProblem: SecondPlaceProblem | null = null;

  constructor(private readonly d: BackupServiceDeps) {}

  /** After a crash: half-written files go, a backup whose manifest was never written is checked now. */
  sweep(): void {
    for (const u of sweepBackups(this.d.dir)) {
      try {
        manifestFor(this.d.dir, u.file, u.at, u.reason);
      } catch (err) {
        this.d.log.warn('a backup left without its manifest could not be checked', { file: u.file, err });
      }
    }
  }

  list(): BackupManifest[] {
    return listBackups(this.d.dir);
  }

  lastGood(): BackupManifest | null {
    return this.list().find((m) => m.ok) ?? null;
  }

  /** Whether the newest good backup is more than a day old (or there is none). */
  due(): boolean {
    const last = this.lastGood();
    return !last || this.d.now() - Date.parse(last.takenAt) > DAY;
  }

  /**
   * One backup at a time. A daily or start backup asked for while one is written is that one; "Back up now" and the
   * safety copy before a restore wait for it and take their own, so they hold the data as it is when asked.
   */
  backUp(reason: BackupReason): Promise<BackupManifest> {
    if (this.running && (reason === 'start' || reason === 'daily')) return this.running;
    const before = this.running?.catch(() => undefined) ?? Promise.resolve();
    const run: Promise<BackupManifest> = before
      .then(() => this.run(reason))
      .finally(() => {
        if (this.running === run) this.running = null;
        this.changed();
      });
    this.running = run;
    this.changed();
    return run;
  }

  /** Waits for a backup being written (the core waits before it closes the database). */
  async idle(): Promise<void> {
    await this.running?.catch(() => undefined);
  }

  private async run(reason: BackupReason): Promise<BackupManifest> {
    makePrivateDir(this.d.dir);
    let manifest: BackupManifest;
    try {
      manifest = await writeBackup(this.d.db, this.d.dir, this.d.now(), reason);
    } catch (err) {
      this.lastFailure = toAppError(err).message;
      this.d.log.warn('a backup failed', { reason, err });
      throw err;
    }
    if (!manifest.ok) {
      this.lastFailure = manifest.problem;
      this.d.log.warn('a backup failed its check', { file: manifest.file, problem: manifest.problem });
      throw new BeskedError('internal', `The backup was written but failed its check: ${manifest.problem}`, coded('backup.checkFailed', { problem: manifest.problem ?? '' }));
    }
    this.lastFailure = null;
    manifest = await this.copyOut(manifest);
    this.prune();
    return manifest;
  }

  private async copyOut(m: BackupManifest): Promise<BackupManifest> {
    const place = this.d.config.get().secondPlace;
    if (!place) {
      this.secondProblem = null;
      return m;
    }
    const key = await this.d.passphrases.current();
    if (!key) {
      this.secondProblem = 'noPassphrase';
      return m;
    }
    const outcome = await copyToSecondPlace(join(this.d.dir, m.file), place, key, this.d.dir);
    if (!outcome.ok) {
      this.secondProblem = outcome.problem;
      this.d.log.warn('the copy to the second place failed', { problem: outcome.problem, detail: outcome.detail });
      return m;
    }
    this.secondProblem = null;
    const at = new Date(this.d.now()).toISOString();
    const copied = { ...m, copiedAt: at };
    writeManifest(this.d.dir, copied);
    this.d.config.update({ lastCopyAt: at });
    return copied;
  }

  private prune(): void {
    const gone = backupsToDelete(this.list(), this.d.config.get().keep);
    for (const f of gone) {
      rmSync(join(this.d.dir, f), { force: true });
      rmSync(join(this.d.dir, f.replace(/\.db$/, '.json')), { force: true });
    }
    removeCopies(this.d.config.get().secondPlace, gone);
  }

  status(): BackupStatus {
    const entries = this.list();
    const c = this.d.config.get();
    const now = this.d.now();
    // Counted from the last copy outside the PC, or from when there was first something to lose.
    const since = c.lastCopyAt ?? c.secondPlaceSince ?? entries.at(-1)?.takenAt ?? null;
    return {
      entries: entries.map(toEntry),
      lastGoodAt: entries.find((e) => e.ok)?.takenAt ?? null,
      running: this.running !== null,
      lastFailure: this.lastFailure,
      keep: c.keep,
      secondPlace: { path: c.secondPlace, problem: c.secondPlace ? this.secondProblem : null, lastCopyAt: c.lastCopyAt },
      passphrase: { keyId: c.keys.at(-1)?.keyId ?? null, oldKeyIds: c.keys.slice(0, -1).map((k) => k.keyId) },
      offsiteOverdue: since !== null && now - Date.parse(since) > OFFSITE_GRACE_MS,
    };
  }

  changed(): void {
    this.d.events.emit('backup.changed', this.status(), { roles: ['owner'] });
  }
}

export function toEntry(m: BackupManifest): BackupEntry {
  return { id: m.file, takenAt: m.takenAt, reason: m.reason, bytes: m.bytes, ok: m.ok, problem: m.problem, schemaVersion: m.schemaVersion, counts: m.counts, copiedAt: m.copiedAt };
}
