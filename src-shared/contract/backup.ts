// Backups (issue 28): automatic, verified copies of the shop's database in the data folder and, encrypted, in a
// second place the owner chooses; the recovery passphrase that opens them; and restore, which never texts anyone twice.
import { z } from 'zod';
import { call, input, none, type CallSpec } from './basics';

/**
 * A backup file picked in the window is staged in the core chunk by chunk (backup.uploadBegin/uploadChunk), then
 * restored by its upload id: one path for every size, and no call as large as a file. Up to this size: a shop's
 * database with years of messages, with room to spare.
 */
export const RESTORE_UPLOAD_MAX_BYTES = 2 * 1024 * 1024 * 1024;
/** Bytes per staged chunk: its base64 decodes in about 10 ms, so other calls are not held (as the contacts import). */
export const RESTORE_CHUNK_BYTES = 1024 * 1024;
/** A chunk as base64 (4/3 of its bytes, padded), and its frame with the envelope. */
const RESTORE_CHUNK_BASE64 = Math.ceil(RESTORE_CHUNK_BYTES / 3) * 4;
const RESTORE_CHUNK_INPUT_BYTES = RESTORE_CHUNK_BASE64 + 64 * 1024;

export const RestoreUploadId = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Unknown upload');

/** Why a backup was taken. */
export const BackupReason = z.enum(['start', 'daily', 'manual', 'upgrade', 'restore']);
export type BackupReason = z.infer<typeof BackupReason>;

/** What a backup holds, counted when it was verified. */
export const BackupCounts = z.object({ contacts: z.number(), campaigns: z.number(), messages: z.number(), consentEntries: z.number() });
export type BackupCounts = z.infer<typeof BackupCounts>;

/** How many generations are kept of each kind; the last good backup is never deleted. */
export const BackupKeep = z.object({
  daily: z.int().min(1).max(60),
  weekly: z.int().min(0).max(52),
  monthly: z.int().min(0).max(120),
});
export type BackupKeep = z.infer<typeof BackupKeep>;

export const BackupEntry = z.object({
  /** The backup's file name in the data folder's backups/ (without folder). */
  id: z.string(),
  /** UTC ISO: when the copy was taken; what was sent after this time is not in it. */
  takenAt: z.string(),
  reason: BackupReason,
  bytes: z.number(),
  /** Whether it passed the check after writing (integrity, schema version, counts). */
  ok: z.boolean(),
  /** Why it failed the check, in words. */
  problem: z.string().nullable(),
  schemaVersion: z.number(),
  counts: BackupCounts.nullable(),
  /** UTC ISO of the encrypted copy in the second place, when there is a good one. */
  copiedAt: z.string().nullable(),
});
export type BackupEntry = z.infer<typeof BackupEntry>;

/** Why the second place cannot take a copy. */
export const SecondPlaceProblem = z.enum(['missing', 'full', 'failed', 'noPassphrase']);
export type SecondPlaceProblem = z.infer<typeof SecondPlaceProblem>;

export const BackupStatus = z.object({
  entries: z.array(BackupEntry),
  lastGoodAt: z.string().nullable(),
  /** A backup being written now. */
  running: z.boolean(),
  /** The last backup's failure (e.g. the disk is full), until one succeeds. */
  lastFailure: z.string().nullable(),
  keep: BackupKeep,
  secondPlace: z.object({
    /** The folder (a USB drive, a network share, a synced folder); null when not chosen. */
    path: z.string().nullable(),
    problem: SecondPlaceProblem.nullable(),
    /** UTC ISO of the last good encrypted copy there. */
    lastCopyAt: z.string().nullable(),
  }),
  passphrase: z.object({
    /** The key id of the passphrase new copies are encrypted with; null before one is set. */
    keyId: z.string().nullable(),
    /** Earlier passphrases' key ids: copies made with them need the old passphrase. */
    oldKeyIds: z.array(z.string()),
  }),
  /** Shown on the card and in the header: no good copy outside this PC for three days (or never since it was chosen). */
  offsiteOverdue: z.boolean(),
});
export type BackupStatus = z.infer<typeof BackupStatus>;

/** A new recovery passphrase, shown once: the owner writes it down and types two of its words to confirm. */
export const NewPassphrase = z.object({ words: z.array(z.string()), askFor: z.tuple([z.int(), z.int()]) });
export type NewPassphrase = z.infer<typeof NewPassphrase>;

export const RestoreStep = z.enum(['read', 'verify', 'safetyCopy', 'migrate', 'neverTwice', 'swap', 'restart', 'done']);
export type RestoreStep = z.infer<typeof RestoreStep>;

export const RestoreResult = z.object({
  takenAt: z.string(),
  /** Campaigns that were sending, queued or waiting in the backup and now wait, paused, to be checked. */
  pausedCampaigns: z.number(),
  /** Automation occurrences that fell due after the backup was taken and were not sent. */
  heldOccurrences: z.number(),
  /** The copy of the database as it was before the restore, in backups/. */
  safetyCopy: z.string().nullable(),
});
export type RestoreResult = z.infer<typeof RestoreResult>;

/** An automation run a restore recorded as not sent: it fell due after the backup was taken (issue 28.7). */
export const NotSentRun = z.object({
  /** The run's row in the automations' record (one per run, or per contact of a birthday or welcome run). */
  id: z.number(),
  automationId: z.number(),
  automationName: z.string(),
  /** UTC ISO: when it fell due. */
  dueAt: z.string(),
  /** The contact a per-contact run (a date field, a welcome) was for; null for a whole run. */
  contactId: z.number().nullable(),
  contactName: z.string().nullable(),
  /** UTC ISO of the backup that was restored: the run may have gone out from the Besked that ran after it. */
  backupAt: z.string(),
});
export type NotSentRun = z.infer<typeof NotSentRun>;

/** What became of a run sent anyway: sent (or on its way), held as a draft (a cap, the credit), or nobody left to send to. */
export const SentAnyway = z.object({ outcome: z.enum(['sent', 'held', 'skipped']), campaignId: z.number().nullable() });
export type SentAnyway = z.infer<typeof SentAnyway>;

const Passphrase = z.string().trim().min(1).max(500);

export const backupCalls = {
  'backup.status': call(none, BackupStatus, 'The backups with their date, size and counts, the second place and the passphrase.'),
  'backup.now': call(none, BackupEntry, 'Backs up now: writes, verifies and copies to the second place.'),
  'backup.configure': call(
    input({ secondPlace: z.string().trim().max(1000).nullable().optional(), keep: BackupKeep.optional() }),
    BackupStatus,
    'Chooses the second place (a folder; null: none) and how many generations are kept.',
  ),
  'backup.newPassphrase': call(none, NewPassphrase, 'Makes a new recovery passphrase, shown once; it takes effect when confirmed.'),
  'backup.confirmPassphrase': call(
    input({ words: z.tuple([z.string().trim().max(50), z.string().trim().max(50)]) }),
    BackupStatus,
    'Confirms the new passphrase by two of its words; later copies are encrypted with it, older ones keep theirs.',
  ),
  'backup.restore': call(
    input({
      /** A backup from the list. */
      id: z.string().max(200).optional(),
      /** Or a file the user picked (a .db, or an encrypted copy), staged by backup.uploadBegin and backup.uploadChunk, every byte of it; a restore uses it up. */
      upload: RestoreUploadId.optional(),
      passphrase: Passphrase.optional(),
    }),
    RestoreResult,
    'Verifies a backup, keeps a safety copy of the current data, migrates it forward, swaps it in and restarts the core.',
  ),
  'backup.uploadBegin': call(
    input({ fileName: z.string().trim().min(1).max(300), bytes: z.int().min(0) }),
    z.object({ uploadId: RestoreUploadId, chunkBytes: z.number(), maxBytes: z.number() }),
    'Starts staging a picked backup file for a restore; replaces an unfinished one. An empty file, or one above RESTORE_UPLOAD_MAX_BYTES, is refused before any byte is sent.',
  ),
  'backup.uploadChunk': call(
    input({ uploadId: RestoreUploadId, offset: z.int().min(0), base64: z.base64().max(RESTORE_CHUNK_BASE64) }),
    z.object({ received: z.number() }),
    'One chunk of the staged backup file, in order (its offset is the bytes received so far), as base64.',
    { maxInputBytes: RESTORE_CHUNK_INPUT_BYTES },
  ),
  'backup.notSent': call(none, z.object({ runs: z.array(NotSentRun) }), 'Automation runs a restore recorded as not sent, oldest due first.'),
  'backup.sendNotSent': call(
    input({ id: z.int().positive() }),
    SentAnyway,
    'Sends one run a restore recorded as not sent, through the outbox; once: a second call for it sends nothing and says so.',
  ),
} as const satisfies Record<string, CallSpec>;


export const backupEvents = {
  'backup.changed': BackupStatus,
  'backup.restoreProgress': z.object({ step: RestoreStep, fraction: z.number().min(0).max(1) }),
} as const;

export { backupRules } from './rules/backup';
