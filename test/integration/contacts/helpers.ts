// Starts a real core on a temporary data folder and drives the contacts calls through its dispatch,
// exactly as a transport would (validation, typed errors), with the file bytes uploaded in chunks.
import { expect } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCore, type Core } from '../../../src-main/core/core';
import { MemoryVault } from '../../../src-main/core/secrets/vault';
import type { CallInput, CallName, CallOutput, EventMessage } from '../../../src-shared/contract';
import type { AppError } from '../../../src-shared/errors';

export interface TestCore {
  core: Core;
  dir: string;
  call<N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>>;
  fail<N extends CallName>(name: N, input: CallInput<N>): Promise<AppError>;
  events: EventMessage[];
  close(): Promise<void>;
}

export async function openCore(): Promise<TestCore> {
  const dir = mkdtempSync(join(tmpdir(), 'besked-contacts-'));
  const core = await startCore({ dataDir: dir, shell: 'web', version: 'test', vault: new MemoryVault(), checkOutputs: true });
  const events: EventMessage[] = [];
  core.events.subscribe((e) => events.push(e));
  const call = async <N extends CallName>(name: N, input: CallInput<N>) => {
    const r = await core.dispatch(name, input);
    if (!r.ok) throw new Error(`${name} failed: ${r.error.kind}: ${r.error.message}`);
    return r.value as CallOutput<N>;
  };
  const fail = async <N extends CallName>(name: N, input: CallInput<N>) => {
    const r = await core.dispatch(name, input);
    if (r.ok) throw new Error(`${name} succeeded but should have failed`);
    return r.error;
  };
  return {
    core,
    dir,
    call,
    fail,
    events,
    close: async () => {
      await core.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Uploads bytes the way the renderer does (base64 chunks of the size the core asks for). */
export async function upload(t: TestCore, fileName: string, bytes: Buffer, chunk?: number): Promise<string> {
  const { importId, chunkBytes } = await t.call('contacts.importBegin', { fileName, bytes: bytes.length });
  const size = chunk ?? chunkBytes;
  for (let off = 0; off < bytes.length; off += size) {
    await t.call('contacts.importChunk', { importId, offset: off, base64: bytes.subarray(off, off + size).toString('base64') });
  }
  return importId;
}

export function latin1(text: string): Buffer {
  return Buffer.from(text, 'latin1');
}

export function decodeDownload(d: { base64: string }): string {
  return Buffer.from(d.base64, 'base64').toString('utf8');
}

/** Everything about the stored contacts that an import could change, to prove nothing was. */
export function snapshot(t: TestCore): unknown {
  const db = t.core.db;
  return {
    contacts: db.prepare('SELECT * FROM contacts ORDER BY id').all(),
    groups: db.prepare('SELECT * FROM contact_groups ORDER BY id').all(),
    members: db.prepare('SELECT * FROM contact_group_members ORDER BY group_id, contact_id').all(),
    optOuts: db.prepare('SELECT * FROM opt_outs ORDER BY msisdn').all(),
    log: db.prepare('SELECT * FROM consent_log ORDER BY id').all(),
    fields: db.prepare('SELECT * FROM contact_fields ORDER BY key').all(),
    fts: db.prepare("SELECT count(*) AS n FROM contacts_fts WHERE contacts_fts MATCH 'a* OR e* OR s*'").get(),
  };
}

/**
 * Once the search index has taken every saved contact (an import's contacts are searchable through the fresh index
 * until then, schema 23): FTS5's own check that it matches the contacts table exactly (throws when it does not), and
 * the fresh index emptied.
 */
export async function checkSearchIndex(t: TestCore): Promise<void> {
  await expect.poll(() => t.core.db.prepare('SELECT count(*) FROM contacts_fts_pending').pluck().get(), { timeout: 30_000 }).toBe(0);
  t.core.db.prepare("INSERT INTO contacts_fts (contacts_fts, rank) VALUES ('integrity-check', 1)").run();
  // No segment left: FTS5's delete-all drops them all.
  expect(t.core.db.prepare('SELECT count(*) FROM contacts_fts_fresh_idx').pluck().get()).toBe(0);
}
