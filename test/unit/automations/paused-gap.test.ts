// A date-field rule's pause gap: every occurrence of one contact's value inside it (each birthday a multi-year pause
// passed, a once-date once, none outside, bounded), and why each was not sent (the pause, or an earlier opt-out).
import { describe, expect, it } from 'vitest';
import type { DateFieldSpec } from '../../../src-shared/contract/automations';
import { OccurrenceCalculator } from '../../../src-main/core/automations/due-index';
import { pausedSkipCause } from '../../../src-main/core/automations/paused-runs';

const CPH = 'Europe/Copenhagen';
const rule = (repeat: 'yearly' | 'once'): DateFieldSpec => ({
  kind: 'date_field',
  field: 'birthday',
  offset: { direction: 'on', amount: 0, unit: 'days' },
  time: '09:00',
  repeat,
  recipients: { contactIds: [], groupIds: [], searches: [], numbers: [] },
});
const ms = (iso: string) => Date.parse(iso);
const at = (list: { dueMs: number; occurrence: string }[]) => list.map((d) => [new Date(d.dueMs).toISOString(), d.occurrence]);

describe('OccurrenceCalculator.between', () => {
  it.each<[string, 'yearly' | 'once', string, string, string, number, [string, string][]]>([
    ['a pause over one birthday', 'yearly', '14-03-1985', '2027-03-01T00:00Z', '2027-04-01T00:00Z', 10, [['2027-03-14T08:00:00.000Z', '2027-03-14T00:00']]],
    [
      'a pause of three years passes the birthday three times',
      'yearly',
      '14-03-1985',
      '2027-01-01T00:00Z',
      '2029-12-31T00:00Z',
      10,
      [
        ['2027-03-14T08:00:00.000Z', '2027-03-14T00:00'],
        ['2028-03-14T08:00:00.000Z', '2028-03-14T00:00'],
        ['2029-03-14T08:00:00.000Z', '2029-03-14T00:00'],
      ],
    ],
    ['bounded: only the first ones', 'yearly', '14-03-1985', '2027-01-01T00:00Z', '2029-12-31T00:00Z', 1, [['2027-03-14T08:00:00.000Z', '2027-03-14T00:00']]],
    ['the end is inclusive (due at the moment of resuming)', 'yearly', '14-03-1985', '2027-03-01T00:00Z', '2027-03-14T08:00Z', 10, [['2027-03-14T08:00:00.000Z', '2027-03-14T00:00']]],
    ['the start is not (due at the moment of pausing: the runner had it)', 'yearly', '14-03-1985', '2027-03-14T08:00Z', '2027-04-01T00:00Z', 10, []],
    ['a birthday after the pause', 'yearly', '14-05-1985', '2027-03-01T00:00Z', '2027-04-01T00:00Z', 10, []],
    ['a once-date inside the pause, once', 'once', '2027-03-20 14:30', '2027-03-01T00:00Z', '2029-01-01T00:00Z', 10, [['2027-03-20T08:00:00.000Z', '2027-03-20T14:30']]],
    ['an unreadable value: nobody’s date', 'yearly', 'soon', '2027-03-01T00:00Z', '2029-01-01T00:00Z', 10, []],
  ])('%s', (_, repeat, raw, from, to, limit, expected) => {
    expect(at(new OccurrenceCalculator(rule(repeat), CPH).between(raw, ms(from), ms(to), limit))).toEqual(expected);
  });
});

describe('pausedSkipCause', () => {
  const due = ms('2027-03-14T08:00Z');
  it.each<[string, number | null, 'paused' | 'opted_out']>([
    ['never opted out: the pause', null, 'paused'],
    ['opted out before the due time: the opt-out, as the runner would have said', ms('2027-03-01T00:00Z'), 'opted_out'],
    ['opted out at the due time: the opt-out', due, 'opted_out'],
    ['opted out after the due time: the pause was why', ms('2027-03-14T08:01Z'), 'paused'],
  ])('%s', (_, optedOutAt, expected) => {
    expect(pausedSkipCause(due, optedOutAt)).toBe(expected);
  });
});
