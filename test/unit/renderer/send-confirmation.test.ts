// The send confirmation in both languages: the summary, and before the database's first live send (only then) the
// plain warning that real texts go to real people with what they cost, sent on with campaigns.send.
import { afterEach, describe, expect, it } from 'vitest';
import type { ComposePreview } from '../../../src-shared/contract';
import { sendConfirmation } from '../../../src-renderer/components/compose/send-confirmation';
import { formatterFor } from '../../../src-renderer/composables/useFormat';
import { applyLocale, i18n } from '../../../src-renderer/i18n';

type P = Pick<ComposePreview, 'recipients' | 'parts' | 'cost' | 'firstLiveSend'>;
const priced: P = { recipients: 2, parts: { min: 1, max: 1, total: 2 }, cost: { currency: 'DKK', total: 0.26, unpriced: 0, byCountry: [] } };
const unpriced: P = { ...priced, cost: null };

async function words(ui: 'en' | 'da') {
  await applyLocale(ui, ui === 'da' ? 'da-DK' : 'en-GB');
  const fmt = formatterFor(ui === 'da' ? 'da-DK' : 'en-GB');
  return {
    t: (key: string, named: Record<string, unknown> = {}, plural?: number) => (plural === undefined ? i18n.global.t(key, named) : i18n.global.t(key, named, plural)),
    number: (n: number) => fmt.number(n),
    money: (n: number, c: string) => fmt.money(n, c).replace(/[\u00a0\u202f]/g, ' '),
    dateTime: () => 'at noon',
  };
}

describe('the send confirmation', () => {
  afterEach(() => applyLocale('en', 'en-GB'));

  it.each<[string, 'en' | 'da', P, string | null, Partial<ReturnType<typeof sendConfirmation>>]>([
    ['a Sandbox or later live send: no warning', 'en', { ...priced, firstLiveSend: false }, null, { title: 'Send this message?', warning: null, positiveText: 'Send now', liveAcknowledged: false }],
    ['a core that does not say: no warning', 'en', priced, null, { warning: null, liveAcknowledged: false }],
    [
      'the first live send, in English',
      'en',
      { ...priced, firstLiveSend: true },
      null,
      {
        title: 'Your first real send',
        warning: 'This is not Sandbox: real texts go to real people. 2 recipients will get this message on their phones, and your gateway account pays DKK 0.26 for it. A sent text cannot be called back.',
        positiveText: 'Send to real people',
        liveAcknowledged: true,
      },
    ],
    [
      'the first live send, in Danish',
      'da',
      { ...priced, firstLiveSend: true },
      null,
      {
        title: 'Din første rigtige afsendelse',
        warning: 'Det her er ikke Sandkassen: rigtige beskeder går til rigtige mennesker. 2 modtagere får beskeden på deres telefon, og din gatewaykonto betaler 0,26 kr. for den. En sendt besked kan ikke kaldes tilbage.',
        positiveText: 'Send til rigtige mennesker',
        liveAcknowledged: true,
      },
    ],
    [
      'the first live send without a price list: it still says it costs',
      'en',
      { ...unpriced, firstLiveSend: true },
      null,
      { warning: 'This is not Sandbox: real texts go to real people. 2 recipients will get this message on their phones, and your gateway account pays for every part. A sent text cannot be called back.', liveAcknowledged: true },
    ],
    [
      'a scheduled first live send: the warning and the time',
      'en',
      { ...priced, firstLiveSend: true },
      '2026-12-01T12:00:00Z',
      { title: 'Your first real send', body: '2 recipients, 2 SMS parts, DKK 0.26. It goes out at at noon.', liveAcknowledged: true },
    ],
  ])('%s', async (_, ui, p, sendAt, expected) => {
    expect(sendConfirmation(p, sendAt, await words(ui))).toMatchObject(expected);
  });
});
