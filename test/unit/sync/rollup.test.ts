import { describe, expect, it } from 'vitest';
import { rollupCampaign, type CampaignOutcome, type RollupRow } from '../../../src-shared/rollup';

const acc = (status: RollupRow['status'], count: number, extra: Partial<RollupRow> = {}): RollupRow => ({ state: 'accepted', status, count, ...extra });

describe('rollupCampaign outcome', () => {
  type Row = [string, RollupRow[], CampaignOutcome, { statusNeedsWebhook?: boolean }?];
  const rows: Row[] = [
    ['empty campaign', [], 'nothing_sent'],
    ['everyone excluded', [{ state: 'excluded', status: null, reason: 'Opted out', count: 3 }], 'nothing_sent'],
    ['all delivered', [acc('delivered', 10)], 'delivered'],
    ['delivered and read count as delivered', [acc('delivered', 5), acc('read', 5)], 'delivered'],
    ['all delivered, some excluded: still delivered', [acc('delivered', 10), { state: 'excluded', status: null, reason: 'Opted out', count: 2 }], 'delivered'],
    ['one failed of many: never delivered', [acc('delivered', 999), acc('failed', 1)], 'partly_delivered'],
    ['one unknown of many: never delivered', [acc('delivered', 999), acc('unknown', 1)], 'partly_delivered'],
    ['one refused at sending: never delivered', [acc('delivered', 9), { state: 'failed', status: null, reason: 'Invalid sender', count: 1 }], 'partly_delivered'],
    ['one still waiting', [acc('delivered', 9), acc('sent', 1)], 'in_progress'],
    ['one still queued', [acc('delivered', 9), { state: 'queued', status: null, count: 1 }], 'in_progress'],
    ['one uncertain request', [acc('delivered', 9), { state: 'uncertain', status: null, count: 1 }], 'in_progress'],
    ['all failed', [acc('failed', 3), acc('expired', 1)], 'failed'],
    ['failed and unknown', [acc('failed', 3), acc('unknown', 1)], 'failed'],
    ['all unknown', [acc('unknown', 4)], 'unknown'],
    ['messaging without webhook', [acc('pending', 4)], 'submitted', { statusNeedsWebhook: true }],
    ['messaging without webhook, but some refused', [acc('pending', 4), { state: 'failed', status: null, count: 1 }], 'submitted', { statusNeedsWebhook: true }],
    ['cancelled before sending', [{ state: 'cancelled', status: null, count: 5 }], 'nothing_sent'],
  ];
  it.each(rows)('%s → %s', (_name, input, outcome, opts) => {
    expect(rollupCampaign(input, opts).outcome).toBe(outcome);
  });
});

describe('rollupCampaign counts', () => {
  it('counts each bucket and groups failures by reason, largest first', () => {
    const r = rollupCampaign([
      acc('delivered', 70),
      acc('read', 5),
      acc('sent', 4, { gatewayStatus: 'ENROUTE' }),
      acc('pending', 1),
      acc('unknown', 3),
      acc('failed', 6, { gatewayStatus: 'UNDELIVERABLE', reason: 'Absent subscriber (0x1420)' }),
      acc('failed', 2, { gatewayStatus: 'REJECTED', reason: 'Rejected by the operator (0x1510)' }),
      acc('expired', 1, { gatewayStatus: 'EXPIRED', reason: null }),
      { state: 'failed', status: null, reason: 'Rejected by the operator (0x1510)', count: 1 },
      { state: 'excluded', status: null, reason: 'Opted out', count: 4 },
      { state: 'excluded', status: null, reason: 'Invalid number', count: 1 },
      { state: 'uncertain', status: null, count: 2 },
      { state: 'dismissed', status: null, count: 1 },
      { state: 'queued', status: null, count: 0 },
    ]);
    expect(r).toMatchObject({
      total: 101,
      excluded: 5,
      queued: 0,
      uncertain: 2,
      notSent: 1,
      sent: 92,
      delivered: 75,
      read: 5,
      failed: 10,
      pending: 5,
      awaitingWebhook: 0,
      unknown: 3,
      outcome: 'in_progress',
    });
    expect(r.failedByReason).toEqual([
      { reason: 'Absent subscriber (0x1420)', count: 6 },
      { reason: 'Rejected by the operator (0x1510)', count: 3 },
      { reason: expect.stringContaining('validity') as unknown as string, count: 1 },
    ]);
    expect(r.excludedByReason).toEqual([
      { reason: 'Opted out', count: 4 },
      { reason: 'Invalid number', count: 1 },
    ]);
  });

  it('puts waiting messaging recipients in their own bucket when only a webhook could report', () => {
    const r = rollupCampaign([acc('pending', 3), acc('sent', 1)], { statusNeedsWebhook: true });
    expect(r.pending).toBe(0);
    expect(r.awaitingWebhook).toBe(4);
  });
});
