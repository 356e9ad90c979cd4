// Importing contacts from a file (issue 6): the contacts.import* calls. The renderer never reads a file itself into
// the core: it uploads the bytes in chunks, and the core parses them.
import { z } from 'zod';
import { call, input, FileDownload, type CallSpec } from './basics';
import { ContactId, CountryCodeInput, CustomFieldKey, GroupName } from './contacts';

/** Files above this are refused before a byte is read (checked by the renderer on File.size and by the core). */
export const IMPORT_MAX_BYTES = 200 * 1024 * 1024;
/** Bytes per upload chunk: base64 of it stays far below the bridge's message limit. */
export const IMPORT_CHUNK_BYTES = 4 * 1024 * 1024;
/** A chunk's frame: the chunk as base64 (4/3 of its bytes) and the envelope. */
const IMPORT_CHUNK_INPUT_BYTES = Math.ceil(IMPORT_CHUNK_BYTES / 3) * 4 + 64 * 1024;

export const ImportId = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Unknown import');
export const ImportEncoding = z.enum(['utf-8', 'windows-1252', 'utf-16le', 'utf-16be']);
export type ImportEncoding = z.infer<typeof ImportEncoding>;
export const ImportDelimiter = z.enum([',', ';', '\t', '|']);
export type ImportDelimiter = z.infer<typeof ImportDelimiter>;

/** `groups`: the cell names the groups the row's contact joins, several separated by "," or ";" (issue 27.9). */
export const BuiltinTarget = z.enum(['ignore', 'firstName', 'lastName', 'fullName', 'phone', 'email', 'company', 'notes', 'optOut', 'groups']);
export type BuiltinTarget = z.infer<typeof BuiltinTarget>;
/** Where a column's values go: a contact field, a custom field, or nowhere. */
export const ColumnTarget = z.union([
  BuiltinTarget,
  z.strictObject({ custom: CustomFieldKey, label: z.string().trim().min(1).max(80) }),
]);
export type ColumnTarget = z.infer<typeof ColumnTarget>;

/** What happens when a row's number is already a contact (or came earlier in the file). */
export const MergeRule = z.enum(['fillEmpty', 'overwrite', 'keep']);
export type MergeRule = z.infer<typeof MergeRule>;

export const ImportGroup = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('none') }),
  z.strictObject({ kind: z.literal('existing'), id: ContactId }),
  z.strictObject({ kind: z.literal('new'), name: GroupName }),
]);
export type ImportGroup = z.infer<typeof ImportGroup>;

/** A notice about the file, as a code with its parameters (src-shared/error-codes.ts) and the English sentence. */
export const ImportNotice = z.object({ code: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])).optional(), message: z.string() });
export type ImportNotice = z.infer<typeof ImportNotice>;

export const ImportPreview = z.object({
  importId: ImportId,
  fileName: z.string(),
  bytes: z.number(),
  encoding: ImportEncoding,
  delimiter: ImportDelimiter,
  hasHeader: z.boolean(),
  /** Header texts (or "Column 1…" without a header), one per column. */
  headers: z.array(z.string()),
  /** The first data rows, as read with these options. */
  rows: z.array(z.array(z.string())),
  mapping: z.array(ColumnTarget),
  /** For each column, the custom-field key its header makes (for choosing "custom field" in the mapping). */
  customKeys: z.array(z.string()),
  /** True when the mapping is the one used last time for a file with these headers. */
  mappingRemembered: z.boolean(),
  defaultCountry: z.string(),
  /** Notices about how the file was read: a registered code for the UI's language, with the English as message. */
  warnings: z.array(ImportNotice),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

export const ImportRejectReason = z.enum([
  'phone_empty',
  'phone_not_a_number',
  'phone_scientific',
  'phone_too_short',
  'phone_too_long',
  'phone_unknown_country_code',
  'phone_needs_country',
  'phone_invalid',
  'email_invalid',
  'too_many_columns',
  'bad_quotes',
  'value_too_long',
]);
export type ImportRejectReason = z.infer<typeof ImportRejectReason>;

export const ImportRejectedRow = z.object({
  /** The line's row number in the file as a spreadsheet shows it (the header is row 1). */
  row: z.number(),
  reason: ImportRejectReason,
  message: z.string(),
  values: z.array(z.string()),
});
export type ImportRejectedRow = z.infer<typeof ImportRejectedRow>;

export const ImportReport = z.object({
  importId: ImportId,
  fileName: z.string(),
  /** Data rows read (blank lines not counted). */
  rows: z.number(),
  created: z.number(),
  updated: z.number(),
  merged: z.number(),
  rejected: z.number(),
  optedOut: z.number(),
  blankLines: z.number(),
  group: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** The groups a "groups" column named: each with the contacts of this file it holds, and whether the import made it. */
  columnGroups: z.array(z.object({ id: z.number(), name: z.string(), created: z.boolean(), contacts: z.number() })),
  reasons: z.array(z.object({ reason: ImportRejectReason, count: z.number() })),
  /** The first rejected rows; all of them are in the rejected-rows file. */
  rejectedSample: z.array(ImportRejectedRow),
  durationMs: z.number(),
});
export type ImportReport = z.infer<typeof ImportReport>;

export const ImportProgress = z.object({
  importId: ImportId,
  phase: z.enum(['reading', 'saving', 'done', 'failed', 'cancelled']),
  bytesDone: z.number(),
  bytesTotal: z.number(),
  rows: z.number(),
  rejected: z.number(),
});
export type ImportProgress = z.infer<typeof ImportProgress>;

const importOptions = {
  importId: ImportId,
  encoding: ImportEncoding.optional(),
  delimiter: ImportDelimiter.optional(),
  hasHeader: z.boolean().optional(),
};

// ─── Calls ───────────────────────────────────────────────────────────────────────────────────────

export const importCalls = {
  'contacts.importBegin': call(
    input({ fileName: z.string().trim().min(1).max(255), bytes: z.int().min(0) }),
    z.object({ importId: ImportId, chunkBytes: z.number(), maxBytes: z.number() }),
    'Starts uploading a file to import; a file above IMPORT_MAX_BYTES or an empty one is refused before any byte is sent.',
  ),
  'contacts.importChunk': call(
    input({ importId: ImportId, offset: z.int().min(0), base64: z.base64().max(Math.ceil(IMPORT_CHUNK_BYTES / 3) * 4) }),
    z.object({ received: z.number() }),
    'One chunk of the file, in order, as base64.',
    { maxInputBytes: IMPORT_CHUNK_INPUT_BYTES },
  ),
  'contacts.importPreview': call(
    input(importOptions),
    ImportPreview,
    'Detects encoding, delimiter and header, shows the first rows and guesses (or remembers) the column mapping.',
  ),
  'contacts.importRun': call(
    input({
      ...importOptions,
      mapping: z.array(ColumnTarget).min(1).max(500),
      defaultCountry: CountryCodeInput,
      mergeRule: MergeRule,
      group: ImportGroup,
      /**
       * Groups a "groups" column names that do not exist yet and the user agreed to create. A run that finds others
       * is refused with import.newGroups listing them, before anything is saved, so the user confirms first.
       */
      createGroups: z.array(GroupName).max(1000).optional(),
    }),
    ImportReport,
    'Imports every row in one transaction, with contacts.importProgress events; all or nothing. Returns what happened to each row.',
  ),
  'contacts.importCancel': call(
    input({ importId: ImportId }),
    z.object({ cancelled: z.boolean() }),
    'Stops a running import before it saves; nothing is changed.',
  ),
  'contacts.importRows': call(
    input({ importId: ImportId, which: z.enum(['rejected', 'all']) }),
    FileDownload,
    'The rejected rows with a reason column (ready to fix and import again), or every row with what happened to it.',
  ),
  'contacts.importDiscard': call(input({ importId: ImportId }), z.object({ discarded: z.boolean() }), 'Deletes the uploaded file and its report.'),
} as const satisfies Record<string, CallSpec>;

// ─── Events ──────────────────────────────────────────────────────────────────────────────────────

export const importEvents = {
  'contacts.importProgress': ImportProgress,
} as const satisfies Record<string, z.ZodType>;

export { importRules } from './rules/import';
