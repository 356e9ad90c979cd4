import { describe, expect, it } from 'vitest';
import { byTime } from '../../../src-main/core/inbox/conversations';
import type { ThreadItem } from '../../../src-shared/contract';

const inn = (id: number, at: string): ThreadItem => ({ direction: 'in', id, at, text: '', read: true, optOutKeyword: null });
const out = (id: number, at: string, campaignKind: 'campaign' | 'reply' = 'campaign'): ThreadItem => ({
  direction: 'out',
  id,
  campaignId: 1,
  campaignKind,
  campaignName: '',
  at,
  text: '',
  parts: 1,
  sendState: 'accepted',
  status: null,
  gatewayStatus: null,
  statusError: null,
  statusAt: null,
  needsWebhook: false,
  by: null,
});

describe('thread order', () => {
  it.each([
    ['earlier first', [out(1, '2025-01-10T12:00:05.500Z'), inn(1, '2025-01-10T12:00:03.000Z')], ['in1', 'out1']],
    [
      "the customer's answer stamped in the same whole second comes after the campaign text",
      [inn(1, '2025-01-10T12:00:05.000Z'), out(1, '2025-01-10T12:00:05.778Z')],
      ['out1', 'in1'],
    ],
    [
      "the shop's reply stamped in the same whole second comes after the text it answers",
      [out(1, '2025-01-10T12:00:05.100Z', 'reply'), inn(1, '2025-01-10T12:00:05.000Z')],
      ['in1', 'out1'],
    ],
    ['same direction in one second: by time', [out(2, '2025-01-10T12:00:05.900Z'), out(1, '2025-01-10T12:00:05.100Z')], ['out1', 'out2']],
    ['same time: by id', [inn(9, '2025-01-10T12:00:05.000Z'), inn(3, '2025-01-10T12:00:05.000Z')], ['in3', 'in9']],
  ])('%s', (_n, items, expected) => {
    expect([...items].sort(byTime).map((i) => `${i.direction}${i.id}`)).toEqual(expected);
  });
});
