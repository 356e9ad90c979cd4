// Recipient resolution over a fake contacts store: each number once, typed numbers normalised, repeats and invalid
// numbers listed, opted-out numbers left out with the reason; and each recipient's final text with its parts.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { resolveRecipients, resolveRecipientsInTurns, type ContactDirectory, type DirectoryContact } from '../../../src-main/core/campaigns/recipients/recipients';
import { TemplateComposer } from '../../../src-main/core/campaigns/recipients/composition';
import { countSegments, renderTemplate } from '../../../src-shared/sms/segments';
import type { RecipientSpec } from '../../../src-shared/contract';

const contact = (id: number, msisdn: number, firstName: string, custom: Record<string, string> = {}): DirectoryContact => ({
  id,
  firstName,
  lastName: '',
  e164: `+${msisdn}`,
  msisdn,
  email: '',
  company: 'Bageriet',
  custom,
});

const people = [contact(1, 4520000001, 'Anna', { kundenr: 'K-1' }), contact(2, 4520000002, 'Bo'), contact(3, 4520000003, 'Cai')];
const groups: Record<number, number[]> = { 10: [1, 2], 11: [2, 3] };

function directory(optedOut: number[] = []): ContactDirectory {
  const byId = new Map(people.map((p) => [p.id, p]));
  return {
    *contacts(spec) {
      for (const id of spec.contactIds) if (byId.has(id)) yield byId.get(id)!;
      for (const g of spec.groupIds) for (const id of groups[g] ?? []) yield byId.get(id)!;
      for (const s of spec.searches) for (const p of people) if (p.firstName.toLowerCase().startsWith(s.toLowerCase())) yield p;
    },
    byMsisdn: (ms) => new Map(people.filter((p) => ms.includes(p.msisdn)).map((p) => [p.msisdn, p])),
    optedOut: (ms) => new Set(ms.filter((m) => optedOut.includes(m))),
    defaultCountry: () => 'DK',
    fieldKeys: () => ['first_name', 'last_name', 'name', 'phone', 'email', 'company', 'kundenr'],
  };
}

const spec = (s: Partial<RecipientSpec>): RecipientSpec => ({ contactIds: [], groupIds: [], searches: [], numbers: [], ...s });

describe('resolveRecipients', () => {
  it('counts a contact reached through two groups once, without calling it a duplicate', () => {
    const r = resolveRecipients(spec({ groupIds: [10, 11] }), directory());
    expect(r.recipients.map((x) => x.msisdn)).toEqual([4520000001, 4520000002, 4520000003]);
    expect(r.exclusions).toEqual([]);
  });

  it('normalises typed numbers in the default country and lists repeats and invalid entries', () => {
    const r = resolveRecipients(spec({ contactIds: [1], numbers: ['20 00 00 01', '+45 20 00 00 09', '0045 2000 0009', 'hello', '  ', '1234'] }), directory());
    expect(r.recipients.map((x) => [x.msisdn, x.name])).toEqual([
      [4520000001, 'Anna'],
      [4520000009, null],
    ]);
    expect(r.exclusions.map((e) => [e.label, e.reason])).toEqual([
      ['hello', 'invalid'],
      ['1234', 'invalid'],
      ['20 00 00 01', 'duplicate'],
      ['0045 2000 0009', 'duplicate'],
    ]);
    expect(r.exclusions.find((e) => e.label === '20 00 00 01')?.detail).toBe('Already in the list as Anna.');
  });

  it('gives a typed number of a known contact that contact’s merge fields', () => {
    const r = resolveRecipients(spec({ numbers: ['+4520000001'] }), directory());
    expect(r.recipients[0]).toMatchObject({ contactId: 1, name: 'Anna', values: { first_name: 'Anna', kundenr: 'K-1', company: 'Bageriet' } });
  });

  it('leaves opted-out numbers out, with the reason, whichever way they came', () => {
    const r = resolveRecipients(spec({ groupIds: [10], numbers: ['+4520000003'] }), directory([4520000002, 4520000003]));
    expect(r.recipients.map((x) => x.msisdn)).toEqual([4520000001]);
    expect(r.exclusions.map((e) => [e.label, e.reason])).toEqual([
      ['Bo', 'opted_out'],
      ['Cai', 'opted_out'],
    ]);
  });

  it('never names a number twice, whatever is typed', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 60 }), fc.subarray([10, 11]), (ns, gs) => {
        const typed = ns.map((n) => `+45 20 00 00 ${String(n).padStart(2, '0')}`);
        const r = resolveRecipients(spec({ groupIds: gs, numbers: typed }), directory());
        const ms = r.recipients.map((x) => x.msisdn);
        expect(new Set(ms).size).toBe(ms.length);
        expect(ms.length + r.exclusions.length).toBe(new Set(gs.flatMap((g) => groups[g]!)).size + typed.length);
      }),
    );
  });
});

describe('resolveRecipientsInTurns', () => {
  /** A directory of `n` contacts in one group, with the opt-outs given; it counts its opt-out look-ups. */
  function large(n: number, optedOut: ReadonlySet<number>): ContactDirectory & { lookups: number } {
    const all = Array.from({ length: n }, (_, i) => contact(i + 1, 4530000000 + i, `Kunde ${i}`));
    const byMsisdn = new Map(all.map((c) => [c.msisdn, c]));
    const d = {
      lookups: 0,
      *contacts(s: RecipientSpec) {
        if (s.groupIds.includes(1)) yield* all;
      },
      byMsisdn: (ms: readonly number[]) => new Map(ms.flatMap((m) => (byMsisdn.has(m) ? [[m, byMsisdn.get(m)!] as const] : []))),
      optedOut: (ms: readonly number[]) => {
        d.lookups++;
        return new Set(ms.filter((m) => optedOut.has(m)));
      },
      defaultCountry: () => 'DK' as const,
      fieldKeys: () => ['first_name'],
    };
    return d;
  }

  it('resolves as resolveRecipients does, opt-outs looked up a slice at a time (5,000) on either side of every edge', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 16_000 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 15_999 }), { maxLength: 40 }),
        fc.array(fc.integer({ min: 0, max: 16_100 }), { maxLength: 5 }),
        async (n, out, typed) => {
          // Opt-outs at the slice edges too, where an off-by-one would miss them.
          const optedOut = new Set([...out, 4_999, 5_000, 9_999, 10_000].map((i) => 4530000000 + i));
          const s = spec({ groupIds: [1], numbers: typed.map((i) => `+${4530000000 + i}`) });
          const once = resolveRecipients(s, large(n, optedOut));
          const dir = large(n, optedOut);
          const inTurns = await resolveRecipientsInTurns(s, dir);
          expect(inTurns).toEqual(once);
          expect(dir.lookups).toBe(Math.max(1, Math.ceil((inTurns.recipients.length + inTurns.exclusions.filter((e) => e.reason === 'opted_out').length) / 5_000)));
        },
      ),
      { numRuns: 15 },
    );
  });
});

describe('TemplateComposer', () => {
  it('fills fields, applies fallbacks for missing or empty values, and says which', () => {
    const c = new TemplateComposer('Hi {first_name} ({kundenr})', { first_name: 'friend' });
    expect(c.fields).toEqual(['first_name', 'kundenr']);
    expect(c.compose({ first_name: 'Anna', kundenr: 'K-1' })).toMatchObject({ text: 'Hi Anna (K-1)', tagvalues: ['Anna', 'K-1'], usedFallback: [] });
    expect(c.compose({ first_name: '' })).toMatchObject({ text: 'Hi friend ()', tagvalues: ['friend', ''], usedFallback: ['first_name', 'kundenr'] });
  });

  it('counts parts and encoding of the final text, exactly as the part counter does', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.string({ maxLength: 40 }), fc.string({ maxLength: 5 }), (value, tail, fb) => {
        const template = `Dear {first_name}, ${tail}`;
        const c = new TemplateComposer(template, { first_name: fb });
        const out = c.compose({ first_name: value });
        const text = renderTemplate(template, { first_name: value }, { first_name: fb });
        const count = countSegments(text);
        expect(out.text).toBe(text);
        expect(out.parts).toBe(count.segments);
        expect(out.ucs2).toBe(count.encoding === 'UCS-2');
      }),
    );
  });

  it('treats a text without fields as the same for everyone', () => {
    const c = new TemplateComposer('Sale 😀', {});
    expect(c.compose({ first_name: 'x' })).toMatchObject({ text: 'Sale 😀', tagvalues: null, parts: 1, ucs2: true });
  });
});
