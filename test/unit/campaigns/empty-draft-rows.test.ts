// Empty drafts as database rows: only a campaign still in draft can be empty, an unreadable recipient choice keeps
// the draft, and the campaign list skips empty drafts without letting them take places of its limit.
import { describe, expect, it } from 'vitest';
import { isEmptyDraftRow, withoutEmptyDrafts } from '../../../src-main/core/campaigns/drafts/empty-drafts';
import type { CampaignRow } from '../../../src-main/core/campaigns/campaign-store';

const SPEC = '{"contactIds":[],"groupIds":[],"searches":[],"numbers":[]}';
type Columns = Parameters<typeof isEmptyDraftRow>[0];
const blank: Columns = { kind: 'campaign', state: 'draft', name: '', text: '', recipient_spec: SPEC, send_at: null };

const table: [string, Columns, boolean][] = [
  ['a blank campaign draft', blank, true],
  ['a recipient choice of an older version (fields missing)', { ...blank, recipient_spec: '{}' }, true],
  ['a recipient choice that cannot be read', { ...blank, recipient_spec: '{not json' }, false],
  ['a blank reply', { ...blank, kind: 'reply' }, false],
  ['a blank campaign that is no draft any more', { ...blank, state: 'cancelled' }, false],
  ['a draft with a text', { ...blank, text: 'Hej' }, false],
  ['a draft with a group', { ...blank, recipient_spec: '{"groupIds":[3]}' }, false],
  ['a draft with a send time', { ...blank, send_at: '2031-01-01T08:00:00.000Z' }, false],
];

describe('isEmptyDraftRow', () => {
  it.each(table)('%s → %s', (_what, row, empty) => {
    expect(isEmptyDraftRow(row)).toBe(empty);
  });
});

describe('withoutEmptyDrafts', () => {
  const row = (id: number, text: string) => ({ ...blank, id, text }) as CampaignRow;
  const rows = [row(1, ''), row(2, 'a'), row(3, ''), row(4, 'b'), row(5, 'c')];

  it.each([
    [0, []],
    [1, [2]],
    [2, [2, 4]],
    [10, [2, 4, 5]],
  ])('limit %i → ids %j', (limit, ids) => {
    expect(withoutEmptyDrafts(rows, limit).map((r) => r.id)).toEqual(ids);
  });

  it('stops reading at the limit', () => {
    let read = 0;
    function* counted() {
      for (const r of rows) {
        read++;
        yield r;
      }
    }
    withoutEmptyDrafts(counted(), 1);
    expect(read).toBe(2);
  });
});
