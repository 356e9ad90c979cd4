// What one recipient cost: the unit price once accepted and kept; 0 when withdrawn at the gateway or never accepted.
import { describe, expect, it } from 'vitest';
import { noCharge, recipientCharge } from '../../../src-shared/campaigns/recipient-charge';
import type { RecipientSendState } from '../../../src-shared/rollup';
import type { BeskedState } from '../../../src-shared/delivery-status';

const table: [RecipientSendState, BeskedState | null, number | null, ReturnType<typeof noCharge>][] = [
  ['accepted', 'delivered', 0.13, null],
  ['accepted', 'pending', 0.13, null],
  ['accepted', 'failed', 0.13, null],
  ['accepted', 'cancelled', 0, 'withdrawn'],
  ['cancelled', 'cancelled', 0, 'withdrawn'],
  ['cancelled', null, 0, 'not_accepted'],
  ['failed', null, 0, 'not_accepted'],
  ['excluded', null, 0, 'not_accepted'],
  ['dismissed', null, 0, 'not_accepted'],
  ['queued', null, null, null],
  ['in_flight', null, null, null],
  ['uncertain', null, null, null],
];

describe('recipientCharge', () => {
  it.each(table)('%s with status %s costs %s (%s)', (state, status, charge, why) => {
    expect(recipientCharge(state, status, 0.13)).toBe(charge);
    expect(noCharge(state, status)).toBe(why);
  });
});
