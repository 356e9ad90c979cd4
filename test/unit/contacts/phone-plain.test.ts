// normalisePhone reads a plain plan's numbers (a calling code of one country, no national prefix: Denmark) from the
// plan's own pattern instead of libphonenumber's parse. Whatever it is given, it must answer exactly what the parse
// answers: checked for every plain plan, national and international, valid and not, against normalisePhoneByParse.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Metadata } from 'libphonenumber-js/min';
import { countryOptions, normalisePhone, normalisePhoneByParse, type CountryCode } from '../../../src-shared/phone';

const countries = countryOptions();
const SEPARATORS = ['', ' ', '-', '.', '\u00a0'];

/** A number as people write it: digits split by separators, maybe after +code, 00code or code alone. */
const written = fc
  .record({
    country: fc.constantFrom(...countries),
    lead: fc.constantFrom('', '+', '00', 'code'),
    digits: fc.stringMatching(/^[0-9]{1,14}$/),
    sep: fc.constantFrom(...SEPARATORS),
    every: fc.integer({ min: 1, max: 4 }),
    other: fc.constantFrom<CountryCode | undefined>('DK', 'SE', 'NO', 'DE', 'US', 'GB', 'FO', 'GL', 'IS', 'PL', undefined),
  })
  .map(({ country, lead, digits, sep, every, other }) => {
    const grouped = digits.replace(new RegExp(`(\\d{${every}})(?=\\d)`, 'g'), `$1${sep}`);
    const prefix = lead === '' ? '' : lead === 'code' ? country.callingCode : `${lead}${country.callingCode}`;
    return { raw: `${prefix}${prefix ? sep : ''}${grouped}`, defaultCountry: lead === '' ? country.code : other };
  });

/** Each country's national numbers as its plan's pattern describes them: what the plain reading takes. */
function patternOf(code: CountryCode): RegExp {
  const m = new Metadata();
  m.selectNumberingPlan(code);
  return new RegExp(`^(?:${(m.numberingPlan as unknown as { nationalNumberPattern(): string }).nationalNumberPattern()})$`);
}
const shaped = fc
  .record({
    country: fc.constantFrom(...countries),
    lead: fc.constantFrom('', '+', '00', 'code'),
    other: fc.constantFrom<CountryCode | undefined>('DK', 'SE', 'NO', 'DE', 'US', 'GB', undefined),
  })
  .chain(({ country, lead, other }) =>
    fc.stringMatching(patternOf(country.code)).map((national) => {
      const prefix = lead === '' ? '' : lead === 'code' ? country.callingCode : `${lead}${country.callingCode}`;
      return { raw: `${prefix}${national}`, defaultCountry: lead === '' ? country.code : other };
    }),
  );

describe('normalisePhone on a plain plan', () => {
  it('answers what the parse answers for numbers shaped as each country\'s plan says', () => {
    fc.assert(
      fc.property(shaped, ({ raw, defaultCountry }) => {
        expect(normalisePhone(raw, defaultCountry)).toEqual(normalisePhoneByParse(raw, defaultCountry));
      }),
      { numRuns: 20_000 },
    );
  });

  it('answers what the parse answers, for any number in any country', () => {
    fc.assert(
      fc.property(written, ({ raw, defaultCountry }) => {
        expect(normalisePhone(raw, defaultCountry)).toEqual(normalisePhoneByParse(raw, defaultCountry));
      }),
      { numRuns: 20_000 },
    );
  });

  it('answers what the parse answers for every Danish number of 8 digits starting 2–9, sampled, in every form', () => {
    for (let n = 20_000_000; n < 100_000_000; n += 99_991) {
      for (const raw of [String(n), `+45${n}`, `0045 ${n}`, `45${n}`, `${String(n).slice(0, 4)} ${String(n).slice(4)}`]) {
        expect(normalisePhone(raw, 'DK')).toEqual(normalisePhoneByParse(raw, 'DK'));
      }
    }
  });

  it('reads a Danish mobile without the parse, and leaves what is not plain to it', () => {
    expect(normalisePhone('20 12 34 56', 'DK')).toEqual({ ok: true, e164: '+4520123456', msisdn: 4520123456, country: 'DK', national: '20123456' });
    expect(normalisePhone('+45 20 12 34 56', 'SE')).toEqual({ ok: true, e164: '+4520123456', msisdn: 4520123456, country: 'DK', national: '20123456' });
    // Not plain: Sweden has a national prefix (0), +1 is shared by 25 countries; the parse reads them.
    expect(normalisePhone('070-123 45 67', 'SE')).toMatchObject({ ok: true, e164: '+46701234567' });
    expect(normalisePhone('+1 202 555 0143', 'DK')).toMatchObject({ ok: true, e164: '+12025550143' });
    // A national number that starts with the plan's international dialling prefix is the parse's to read: Tajikistan
    // dials abroad with 810, and the parse refuses 810 527 608 although the plan's pattern takes it.
    expect(normalisePhone('810527608', 'TJ')).toEqual(normalisePhoneByParse('810527608', 'TJ'));
    expect(normalisePhone('810527608', 'TJ')).toMatchObject({ ok: false });
    expect(normalisePhone('12300348594', 'CL')).toEqual(normalisePhoneByParse('12300348594', 'CL'));
    // A Danish number the pattern refuses goes to the parse, which says why.
    expect(normalisePhone('12 34 56 78', 'DK')).toEqual(normalisePhoneByParse('12 34 56 78', 'DK'));
  });
});
