// The backups' own settings, kept in backups/backup-settings.json rather than in the database: a restore replaces the
// database, but must not forget where copies go, how many are kept, or the passphrases' key ids and salts.
import { makePrivateDir, PRIVATE_FILE } from '../private-folder';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { BackupKeep } from '../../../src-shared/contract';

export const DEFAULT_KEEP: BackupKeep = { daily: 7, weekly: 4, monthly: 12 };

const KeyRecord = z.object({
  keyId: z.string(),
  /** base64 */
  salt: z.string(),
  params: z.object({ memoryCost: z.number(), timeCost: z.number(), parallelism: z.number() }),
  createdAt: z.string(),
});
export type KeyRecord = z.infer<typeof KeyRecord>;

export const BackupConfig = z.object({
  secondPlace: z.string().nullable(),
  /** When the second place was chosen: the three days without a copy count from then. */
  secondPlaceSince: z.string().nullable(),
  keep: BackupKeep,
  /** The key new copies use is the last; the ones before it open older copies. */
  keys: z.array(KeyRecord),
  lastCopyAt: z.string().nullable(),
});
export type BackupConfig = z.infer<typeof BackupConfig>;

const EMPTY: BackupConfig = { secondPlace: null, secondPlaceSince: null, keep: DEFAULT_KEEP, keys: [], lastCopyAt: null };

export class BackupConfigFile {
  private readonly path: string;
  private value: BackupConfig;

  constructor(private readonly dir: string) {
    this.path = join(dir, 'backup-settings.json');
    this.value = this.load();
  }

  get(): BackupConfig {
    return this.value;
  }

  update(patch: Partial<BackupConfig>): BackupConfig {
    const next = BackupConfig.parse({ ...this.value, ...patch });
    makePrivateDir(this.dir);
    writeFileSync(this.path + '.partial', JSON.stringify(next, null, 2), { mode: PRIVATE_FILE });
    renameSync(this.path + '.partial', this.path);
    this.value = next;
    return next;
  }

  private load(): BackupConfig {
    if (!existsSync(this.path)) return EMPTY;
    try {
      const parsed = BackupConfig.safeParse(JSON.parse(readFileSync(this.path, 'utf8')));
      // A damaged file starts over with the defaults rather than stopping backups; the key ids are in each copy's header.
      return parsed.success ? parsed.data : EMPTY;
    } catch {
      return EMPTY;
    }
  }
}
