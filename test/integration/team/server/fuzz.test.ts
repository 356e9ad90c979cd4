// A signed-in staff user's window sending anything at all: text that is not JSON, JSON of any shape, binary frames,
// huge and odd ids, real call names with input of the wrong type (never an object: a valid call is no fuzz). Each frame gets one clear answer (never an internal
// error), the connection stays open, and the shop's data is as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { calls } from '../../../../src-shared/contract';
import { ErrorKind } from '../../../../src-shared/errors';
import { startTestServer, type Client, type TestServer } from './helpers';

let t: TestServer;
let bo: Client;

beforeAll(async () => {
  // The fuzzing sends faster than any window; the rate limit has its own test.
  t = await startTestServer({ limits: { callRate: { perSecond: 10_000, burst: 10_000 } } });
  bo = await t.staff('Bo');
});
afterAll(async () => {
  await t?.close();
});

/**
 * Row counts of every table but the audit trail (refusals of audited calls are recorded there, as they should be) and
 * the pollers' own bookkeeping (sync_state: each poller's first round, on its own timer from the start, records where
 * it got to, and on a loaded machine that round ended during the fuzzing).
 */
function snapshot(): Record<string, number> {
  const db = t.server.core.db;
  const tables = (
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT IN ('audit_log', 'sync_state')").all() as { name: string }[]
  ).map((r) => r.name);
  return Object.fromEntries(tables.map((n) => [n, (db.prepare(`SELECT count(*) AS n FROM "${n}"`).get() as { n: number }).n]));
}

const names = Object.keys(calls);
const notAnObject = fc.oneof(fc.integer(), fc.double(), fc.string({ maxLength: 50 }), fc.boolean(), fc.constant(null), fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }));
const oddId = fc.oneof(fc.constant(Number.MAX_VALUE), fc.constant(-1e308), fc.string({ minLength: 1_000, maxLength: 5_000 }), fc.array(fc.nat()), fc.constant(null), fc.object({ maxDepth: 2 }));
const frame = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? 'null'),
  fc.record({ id: oddId, name: fc.constantFrom(...names), input: notAnObject }).map((v) => JSON.stringify(v)),
  fc.record({ id: fc.integer(), name: fc.constantFrom(...names), input: notAnObject }).map((v) => JSON.stringify(v)),
  fc.record({ id: fc.integer(), name: fc.oneof(fc.string({ maxLength: 30 }), fc.jsonValue()), input: fc.jsonValue({ maxDepth: 2 }) }).map((v) => JSON.stringify(v)),
  fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)),
);

describe('fuzzed frames from a signed-in staff user', () => {
  it('each get one clear answer, change nothing, and leave the connection open and signed in', async () => {
    const before = snapshot();
    await fc.assert(
      fc.asyncProperty(frame, async (f) => {
        const a = await bo.raw_send(f);
        expect(typeof a.result.ok).toBe('boolean');
        if (!a.result.ok) {
          expect(ErrorKind.options).toContain(a.result.error.kind);
          expect(a.result.error.kind).not.toBe('internal');
          expect(a.result.error.message.length).toBeGreaterThan(5);
        }
      }),
      { numRuns: 150 },
    );
    expect(snapshot()).toEqual(before);
    expect(bo.ws.readyState).toBe(bo.ws.OPEN);
    expect(await bo.ok('team.status', {})).toMatchObject({ me: { name: 'Bo', role: 'staff' } });
  });
});
