// The composer words what stands in the way of a send in the UI's language from the preview's own figures, in the
// order the core lists the problems, and keeps the core's words for what it cannot word.
import { afterEach, describe, expect, it } from 'vitest';
import type { CampaignDraft, ComposePreview, ComposeProblem } from '../../../src-shared/contract';
import { problemTexts } from '../../../src-renderer/components/compose/problem-text';
import { formatterFor } from '../../../src-renderer/composables/useFormat';
import { applyLocale, i18n } from '../../../src-renderer/i18n';

const draft = (o: Partial<CampaignDraft> = {}): CampaignDraft => ({
  name: '',
  channel: 'legacy',
  sender: 'Bageriet',
  text: 'Hej',
  fallbacks: {},
  options: { label: '', priority: 'normal', validitySeconds: null, messageClass: 'standard', flash: false },
  recipients: { contactIds: [], groupIds: [], searches: [], numbers: [] },
  sendAt: null,
  ...o,
});

const preview = (problems: Pick<ComposeProblem, 'code' | 'level'>[], o: Partial<ComposePreview> = {}): ComposePreview => ({
  recipients: 3,
  exclusionTotal: 0,
  exclusionCounts: { opted_out: 0, invalid: 0, duplicate: 0, no_phone: 0 },
  exclusions: [],
  parts: { min: 1, max: 1, total: 3 },
  encodings: { gsm: 3, ucs2: 0 },
  fields: { used: [], unknown: [], missing: [] },
  cost: { currency: 'DKK', total: 150, unpriced: 0, byCountry: [] },
  priceBook: { mode: 'live', fetchedAt: null, ageSeconds: null, stale: false, error: null, countries: 0 },
  balance: null,
  enoughCredit: null,
  limits: { campaignCap: 100, dailyCap: null, spentToday: 0, maxParts: null, messagesPerMinute: null, quietNow: false, nextAllowedAt: null, overMaxParts: 0 },
  canSend: false,
  ...o,
  problems: problems.map((p) => ({ ...p, message: `core: ${p.code}` })),
});

async function words(ui: 'en' | 'da') {
  await applyLocale(ui, ui === 'da' ? 'da-DK' : 'en-GB');
  const fmt = formatterFor(ui === 'da' ? 'da-DK' : 'en-GB');
  return {
    t: (key: string, named: Record<string, string>, plural?: number) => (plural === undefined ? i18n.global.t(key, named) : i18n.global.t(key, named, plural)),
    number: (n: number) => fmt.number(n),
    money: (n: number, c: string) => fmt.money(n, c).replace(/[\u00a0\u202f]/g, ' '),
  };
}

describe('what stands in the way of a send', () => {
  afterEach(() => applyLocale('en', 'en-GB'));

  it.each([
    ['da', [{ code: 'no_recipients', level: 'error' }, { code: 'empty_text', level: 'error' }], {}, {}, ['Vælg mindst én modtager: kontakter, en gruppe, en søgning eller indtastede numre.', 'Skriv beskedens tekst.']],
    ['en', [{ code: 'campaign_cap', level: 'error' }], {}, {}, ['This message costs DKK 150.00, more than your limit of DKK 100.00 per campaign. Send to fewer recipients, shorten the text or raise the limit in Settings.']],
    ['da', [{ code: 'campaign_cap', level: 'error' }], {}, {}, ['Beskeden koster 150,00 kr., mere end din grænse på 100,00 kr. pr. kampagne. Send til færre modtagere, gør teksten kortere, eller hæv grænsen i Indstillinger.']],
    ['en', [{ code: 'max_parts', level: 'error' }], { limits: { ...preview([]).limits, maxParts: 2, overMaxParts: 1 } }, {}, ['1 recipient’s text needs more than your limit of 2 SMS parts. Shorten the text or raise the limit in Settings.']],
    ['da', [{ code: 'max_parts', level: 'error' }], { limits: { ...preview([]).limits, maxParts: 2, overMaxParts: 1200 } }, {}, ['1.200 modtageres tekster kræver flere end din grænse på 2 SMS-dele. Gør teksten kortere, eller hæv grænsen i Indstillinger.']],
    ['da', [{ code: 'unknown_field', level: 'warning' }], { fields: { used: ['kundenr'], unknown: ['kundenr', 'by'], missing: [] } }, {}, ['Intet kontaktfelt hedder {kundenr}, {by}: det erstattes af reserveteksten eller udelades.']],
    ['en', [{ code: 'no_price', level: 'warning' }], { cost: { currency: 'DKK', total: 1, unpriced: 2, byCountry: [] } }, {}, ['The price list has no price for 2 recipients; their cost is not included.']],
    ['da', [{ code: 'no_price', level: 'error' }], { cost: null }, {}, ['Besked har endnu ingen prisliste, så den kan ikke tjekke dine forbrugsgrænser. Forbind én gang, så den kan hente priserne.']],
    ['da', [{ code: 'no_price', level: 'warning' }], { cost: null }, {}, ['Besked har endnu ingen prisliste, så prisen kan ikke vises. Den hentes, så snart gatewayen kan nås.']],
    // Both channel warnings, in the core's order: message class or flash first, then the schedule.
    [
      'da',
      [{ code: 'channel_option', level: 'warning' }, { code: 'channel_option', level: 'warning' }],
      {},
      { channel: 'messaging', options: { label: '', priority: 'normal', validitySeconds: null, messageClass: 'standard', flash: true }, sendAt: '2030-01-01T10:00:00Z' },
      ['SMS/RCS har ikke beskedklasser eller flash-beskeder; de ignoreres for denne kanal.', 'SMS/RCS kan ikke planlægges hos gatewayen: Besked skal køre på det valgte tidspunkt for at sende den.'],
    ],
    ['da', [{ code: 'channel_option', level: 'warning' }], {}, { channel: 'messaging', sendAt: '2030-01-01T10:00:00Z' }, ['SMS/RCS kan ikke planlægges hos gatewayen: Besked skal køre på det valgte tidspunkt for at sende den.']],
    // Sender problems are the shared check's, in its order, worded as under the sender field.
    ['da', [{ code: 'sender', level: 'error' }], {}, { sender: '' }, ['Skriv en afsender: 3 til 18 tegn.']],
    ['en', [{ code: 'sender', level: 'error' }, { code: 'sender', level: 'warning' }], {}, { sender: 'Bageriet Østerbro' }, [
      'Phones show at most 11 letters and digits; a longer name may be cut or refused. The SMS interface refuses this sender. Shorten it, or send through SMS/RCS.',
      'Characters other than A–Z, a–z and 0–9 (␣ Ø) may be replaced or refused by phone networks.',
    ]],
    ['da', [{ code: 'send_at_past', level: 'error' }, { code: 'send_at_too_far', level: 'error' }], {}, {}, ['Det valgte tidspunkt er passeret. Vælg et senere tidspunkt, eller send nu.', 'Det valgte tidspunkt er mere end et år ude i fremtiden. Tjek datoen.']],
    // What the preview holds no figures for keeps the core's words.
    ['da', [{ code: 'over_length', level: 'error' }], {}, {}, ['core: over_length']],
    ['da', [{ code: 'sender', level: 'error' }], {}, { sender: 'Bageriet' }, ['core: sender']],
    ['da', [{ code: 'channel_option', level: 'warning' }], {}, {}, ['core: channel_option']],
  ] as const)('%s: %j', async (ui, problems, overrides, draftOverrides, out) => {
    const w = await words(ui);
    expect(problemTexts(preview([...problems], overrides as Partial<ComposePreview>), draft(draftOverrides as Partial<CampaignDraft>), w)).toEqual(out);
  });
});
