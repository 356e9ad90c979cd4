// A 2xx answer held against the chunk it answers: recipients it names are accepted with their ids; any it does not
// account for (missing, no usable reference, a repeated or already held id, a count that breaks the order) are left
// uncertain, never failed.
import { describe, expect, it } from 'vitest';
import { accountLegacy, accountMessaging } from '../../../src-main/core/campaigns/outbox/answer-accounting';

const chunk = [
  { id: 11, msisdn: 4520000011 },
  { id: 12, msisdn: 4520000012 },
  { id: 13, msisdn: 4520000013 },
];
const ref = (id: number, campaign = 7) => `c${campaign}r${id}`;
const none = () => false;

describe('messaging answers', () => {
  it.each([
    ['every recipient by reference', [{ msg_id: 'a', reference: ref(11) }, { msg_id: 'b', reference: ref(12) }, { msg_id: 'c', reference: ref(13) }], none, { 11: 'a', 12: 'b', 13: 'c' }, []],
    ['no responses at all', [], none, {}, [11, 12, 13]],
    ['a missing recipient', [{ msg_id: 'a', reference: ref(11) }, { msg_id: 'c', reference: ref(13) }], none, { 11: 'a', 13: 'c' }, [12]],
    ['a null reference, named by its number', [{ msg_id: 'a', reference: null, recipient: 4520000012 }], none, { 12: 'a' }, [11, 13]],
    ['a null reference and no number', [{ msg_id: 'a', reference: null }], none, {}, [11, 12, 13]],
    ['a reference of another campaign', [{ msg_id: 'a', reference: ref(11, 8) }], none, {}, [11, 12, 13]],
    ['a reference outside the chunk', [{ msg_id: 'a', reference: ref(99) }], none, {}, [11, 12, 13]],
    ['one message id for two recipients', [{ msg_id: 'a', reference: ref(11) }, { msg_id: 'a', reference: ref(12) }], none, {}, [11, 12, 13]],
    ['an id Besked already holds', [{ msg_id: 'old', reference: ref(11) }, { msg_id: 'b', reference: ref(12) }], (id: string) => id === 'old', { 12: 'b' }, [11, 13]],
    ['two ids for one recipient', [{ msg_id: 'a', reference: ref(11) }, { msg_id: 'b', reference: ref(11) }], none, {}, [11, 12, 13]],
    ['an empty message id', [{ msg_id: '', reference: ref(11) }], none, {}, [11, 12, 13]],
  ])('%s', (_name, responses, held, accepted, unaccounted) => {
    const a = accountMessaging(7, chunk, responses, held);
    expect(Object.fromEntries(a.accepted)).toEqual(accepted);
    expect(a.unaccounted).toEqual(unaccounted);
  });
});

describe('legacy answers', () => {
  it.each([
    ['one id per message', 2, [100, 101], none, ['100', '101'], null],
    ['fewer ids than messages', 2, [100], none, [null, null], 'count'],
    ['more ids than messages', 1, [100, 101], none, [null], 'count'],
    ['no ids', 1, [], none, [null], 'count'],
    ['an id already held', 2, [100, 101], (id: string) => id === '100', [null, '101'], 'held'],
    ['the same id twice', 2, [100, 100], none, [null, null], 'held'],
  ])('%s', (_name, groups, ids, held, expected, problem) => {
    expect(accountLegacy(groups, ids, held)).toEqual({ ids: expected, problem });
  });
});
