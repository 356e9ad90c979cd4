// Issue 26.1: one frame from a signed-in staff user stopped the server. Reading an input must never throw: a rule
// that cannot read a value is an invalid input naming the field, and the server answers the next call as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from './helpers';

let t: TestServer;
let bo: Client;

beforeAll(async () => {
  t = await startTestServer();
  bo = await t.staff('Bo');
});
afterAll(async () => {
  await t?.close();
});

describe('a date that is not a date, from a staff user over the wire', () => {
  it('is refused as an invalid input naming the field, and the server goes on', async () => {
    const a = await bo.raw_send(JSON.stringify({ id: 7, name: 'account.usage', input: { from: 'yesterday', to: '2026-03-01', granularity: 'day' } }));
    expect(a.id).toBe(7);
    expect(a.result.ok).toBe(false);
    if (!a.result.ok) {
      expect(a.result.error).toMatchObject({ kind: 'validation', code: 'call.invalidInput' });
      expect(a.result.error.fields?.[0]?.path).toEqual(['from']);
    }
    expect(bo.ws.readyState).toBe(bo.ws.OPEN);
    expect(await bo.ok('team.status', {})).toMatchObject({ me: { name: 'Bo' } });
  });

  it.each(['x', 'NaN', ' ', '2026-02-30', '9999-99-99'])('refuses %j in account.usage (staff) and account.usageExport (owner) alike', async (day) => {
    const owner = await t.owner();
    for (const [who, name] of [[bo, 'account.usage'], [owner, 'account.usageExport']] as const) {
      const a = await who.raw_send(JSON.stringify({ id: 8, name, input: { from: '2026-01-01', to: day, granularity: 'week' } }));
      expect(a.result.ok, `${name} ${day}`).toBe(false);
      if (!a.result.ok) expect(a.result.error.kind).toBe('validation');
    }
    expect(await bo.ok('team.status', {})).toMatchObject({ me: { name: 'Bo' } });
  });
});
