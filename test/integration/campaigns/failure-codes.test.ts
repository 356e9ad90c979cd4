// Why recipients failed reaches the campaign page with codes the UI says in its language: failed deliveries with what
// their status means and the gateway's error (its own code kept), refused requests with their error's code, each
// beside the English sentence the core has always given.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually, startTestCore, type TestCore } from '../inbox/core-fixture';
import { isErrorCode } from '../../../src-shared/error-codes';

let t: TestCore;
beforeEach(async () => {
  t = await startTestCore();
});
afterEach(async () => {
  await t.close();
});

async function send(numbers: string[]): Promise<number> {
  const c = await t.call('campaigns.create', {});
  await t.call('campaigns.saveDraft', {
    id: c.id,
    draft: { ...c.draft, name: 'Failures', sender: 'Shop', text: 'Hello', recipients: { contactIds: [], groupIds: [], searches: [], numbers } },
  });
  await t.call('campaigns.send', { id: c.id });
  return c.id;
}

describe('why recipients failed', () => {
  it('carries each failed delivery as codes: the status, then the gateway error with its hex code', async () => {
    // The simulator: ending 0 undeliverable (0x1420), 92 rejected (0x1510), 91 expired, 71 delivered.
    const id = await send(['+4520304070', '+4520304060', '+4520304092', '+4520304091', '+4520304071']);
    await eventually(async () => expect((await t.call('campaigns.get', { id })).counts.accepted).toBe(5));
    await t.sim('POST', '/_sim/clock', { advance_seconds: 10 });
    await t.call('sync.now', { campaignId: id });

    const detail = await t.call('campaigns.get', { id });
    const undeliverable = detail.failures.find((f) => f.code === 'delivery.legacy.UNDELIVERABLE');
    expect(undeliverable).toEqual({
      reason: 'The phone network could not deliver the message to this number. (Recipient unknown or unreachable (absent subscriber) (0x1420))',
      count: 2,
      code: 'delivery.legacy.UNDELIVERABLE',
      gatewayError: { code: 'delivery.gatewayError.absentSubscriber', params: { hex: '0x1420' } },
    });
    expect(detail.failures.find((f) => f.code === 'delivery.legacy.REJECTED')).toMatchObject({
      count: 1,
      gatewayError: { code: 'delivery.gatewayError.operatorRejected', params: { hex: '0x1510' } },
    });
    expect(detail.failures.reduce((n, f) => n + f.count, 0)).toBe(4);
    for (const f of detail.failures) {
      expect(isErrorCode(f.code)).toBe(true);
      if (f.gatewayError) expect(isErrorCode(f.gatewayError.code)).toBe(true);
    }

    const rows = (await t.call('campaigns.recipients', { id, filter: 'all', search: '', offset: 0, limit: 50 })).rows;
    const row = rows.find((r) => r.msisdn === 4520304070)!;
    expect(row.statusError).toBe('Recipient unknown or unreachable (absent subscriber) (0x1420)');
    expect(row.statusErrorCode).toEqual({ code: 'delivery.gatewayError.absentSubscriber', params: { hex: '0x1420' } });
    expect(rows.find((r) => r.msisdn === 4520304071)!.statusErrorCode).toBeUndefined();
  });

  it("carries a refused request's recipients with the code of the gateway's refusal", async () => {
    await t.sim('PUT', '/_sim/faults', { rules: [{ path: '/rest/mtsms', method: 'POST', count: 1, status: 400 }] });
    const id = await send(['+4520304071', '+4520304081']);
    await eventually(async () => expect((await t.call('campaigns.get', { id })).counts.failed).toBe(2));

    const detail = await t.call('campaigns.get', { id });
    expect(detail.failures).toHaveLength(1);
    expect(detail.failures[0]).toMatchObject({ count: 2, code: 'gateway.invalidRequest', params: { status: '400' } });
    expect(detail.failures[0]!.reason).toMatch(/^The gateway did not accept the request \(HTTP 400\)/);

    const rows = (await t.call('campaigns.recipients', { id, filter: 'failed', search: '', offset: 0, limit: 50 })).rows;
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(r.reasonCode).toMatchObject({ code: 'gateway.invalidRequest', params: { status: '400' } });
  });
});
