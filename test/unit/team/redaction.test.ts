// What the audit trail keeps of a call's input: secrets removed under their names at any depth, the rest as it was,
// and the text cut to a readable length.
import { describe, expect, it } from 'vitest';
import { detailOf, MAX_DETAIL, REMOVED, redact } from '../../../src-main/core/audit/redaction';

describe('redact', () => {
  const table: [string, unknown, unknown][] = [
    ['a gateway token', { platform: 'dk', token: 'abc' }, { platform: 'dk', token: REMOVED }],
    ['a password', { name: 'Anna', password: 'hemmelig1234' }, { name: 'Anna', password: REMOVED }],
    ['a password change', { current: 'old-secret', next: 'new-secret' }, { current: REMOVED, next: REMOVED }],
    ['a webhook secret', { kind: 'sms', secret: 's3cr3t' }, { kind: 'sms', secret: REMOVED }],
    ['an invitation code', { code: 'xyz', name: 'Bo' }, { code: REMOVED, name: 'Bo' }],
    ["a file's bytes", { fileName: 'a.csv', base64: 'QUJD' }, { fileName: 'a.csv', base64: REMOVED }],
    ["a backup's recovery passphrase", { upload: '01JCK8ZQ9R1X2Y3Z4A5B6C7D8E', passphrase: 'anker bølge citron' }, { upload: '01JCK8ZQ9R1X2Y3Z4A5B6C7D8E', passphrase: REMOVED }],
    ['two of its words, typed to confirm it', { words: ['anker', 'citron'] }, { words: REMOVED }],
    ['any case of the name', { Token: 'a', PASSWORD: 'b' }, { Token: REMOVED, PASSWORD: REMOVED }],
    ['deep inside', { a: [{ b: { token: 'x' } }] }, { a: [{ b: { token: REMOVED } }] }],
    ["a privacy request's person", { person: { phone: '+45 20 12 34 56' }, language: 'da' }, { person: REMOVED, language: 'da' }],
    ['nothing secret', { id: 3, ids: [1, 2], text: 'Hej' }, { id: 3, ids: [1, 2], text: 'Hej' }],
    ['not an object', 42, 42],
    ['null', null, null],
  ];
  it.each(table)('%s', (_, input, expected) => {
    expect(redact(input)).toEqual(expected);
  });
});

describe('detailOf', () => {
  it('is the redacted input as JSON', () => {
    expect(detailOf({ id: 3, token: 'abc' })).toBe(`{"id":3,"token":"${REMOVED}"}`);
  });
  it(`is cut to ${MAX_DETAIL} characters`, () => {
    const d = detailOf({ ids: Array.from({ length: 5_000 }, (_, i) => i) });
    expect(d).toHaveLength(MAX_DETAIL);
    expect(d.endsWith('…')).toBe(true);
  });
  it('is empty for no input', () => {
    expect(detailOf(undefined)).toBe('');
  });
});
