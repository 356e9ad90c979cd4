// What of a call's input the audit trail keeps: everything but secrets (a token, a password, a one-time code, a file's
// bytes, a backup's recovery passphrase or the two of its words typed to confirm it), under any key of those names at
// any depth, as short JSON an owner can read. A privacy request's `person` is removed too: the trail records that
// someone's data was exported or erased, never whose.
const SECRET_KEYS = new Set(['token', 'password', 'current', 'next', 'secret', 'code', 'base64', 'person', 'passphrase', 'words']);

export const REMOVED = '[removed]';
/** Enough to say what was done; a call's whole input (a list of a thousand numbers) is not the trail's business. */
export const MAX_DETAIL = 2_000;

/** The input with every secret-named key's value replaced by REMOVED. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_KEYS.has(k.toLowerCase()) ? REMOVED : redact(v)]));
  }
  return value;
}

/** The redacted input as JSON, cut to MAX_DETAIL characters (ending in … when cut). */
export function detailOf(input: unknown): string {
  let json: string;
  try {
    json = JSON.stringify(redact(input)) ?? '';
  } catch {
    // A cycle or a BigInt: not an input a contract call can have after parsing; the entry still says the call.
    json = '';
  }
  return json.length > MAX_DETAIL ? `${json.slice(0, MAX_DETAIL - 1)}…` : json;
}
