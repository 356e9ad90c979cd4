// An AppError reads in the active language: its code's translation with the parameters filled in (numbers the
// locale's way), and the core's English message whenever the renderer cannot translate the code.
import { afterEach, describe, expect, it } from 'vitest';
import type { AppError } from '../../../src-shared/errors';
import { errorTextNow, stoppedReasonError } from '../../../src-renderer/composables/useErrorText';
import type { CampaignSummary } from '../../../src-shared/contract';
import { errorMessage, UiError } from '../../../src-renderer/api';
import { applyLocale } from '../../../src-renderer/i18n';

afterEach(() => applyLocale('en', 'en-GB'));

const err = (e: Partial<AppError>): AppError => ({ kind: 'conflict', message: 'The English message.', ...e });

describe('errorTextNow', () => {
  it.each<[string, AppError, 'en' | 'da', string]>([
    ['a known code without parameters, in Danish', err({ code: 'campaign.alreadySent' }), 'da', 'Denne kampagne er allerede sendt eller planlagt.'],
    ['the same code in English', err({ code: 'campaign.alreadySent' }), 'en', 'This campaign has already been sent or scheduled.'],
    [
      'string parameters filled in',
      err({ kind: 'network', code: 'gateway.unreachable', params: { host: '127.0.0.1:9', reason: 'ECONNREFUSED' } }),
      'da',
      'Kunne ikke forbinde til gatewayen på 127.0.0.1:9 (ECONNREFUSED). Tjek din internetforbindelse og gatewayens adresser i Indstillinger.',
    ],
    [
      'number parameters written the Danish way',
      err({ code: 'campaign.costChanged', params: { cost: 1234.5, seen: 1200, currency: 'DKK' } }),
      'da',
      'Prisen er nu 1.234,50 DKK i stedet for de 1.200, du så (modtagere eller priser har ændret sig). Tjek den, og send igen.',
    ],
    [
      'number parameters written the English way',
      err({ code: 'reply.tooLong', params: { parts: 3, cap: 2 } }),
      'en',
      'This reply takes 3 SMS parts; your limit in Settings is 2. Shorten it or raise the limit.',
    ],
    [
      'an empty trailing parameter leaves no stray space',
      err({ code: 'gateway.conflict', params: { said: '' } }),
      'da',
      'Gatewayen kunne ikke gøre dette lige nu.',
    ],
    [
      'which address failed, then why, in Danish',
      err({
        kind: 'network',
        code: 'gateway.messagingAddressFailed',
        params: { host: 'messaging.gatewayapi.eu' },
        because: { kind: 'network', message: 'x', code: 'gateway.dnsFailed', params: { host: 'messaging.gatewayapi.eu' } },
      }),
      'da',
      'Adressen på beskedgrænsefladen (messaging.gatewayapi.eu) virkede ikke: Kunne ikke finde gatewayens adresse messaging.gatewayapi.eu. Tjek din internetforbindelse og gatewayens adresser i Indstillinger.',
    ],
    [
      'which address failed, then why, in English',
      err({ kind: 'auth', code: 'gateway.legacyAddressFailed', params: { host: 'gatewayapi.com' }, because: { kind: 'auth', message: 'x', code: 'gateway.tokenRefused', params: { status: '403' } } }),
      'en',
      'The REST interface address (gatewayapi.com) did not work: The gateway refused the API token (HTTP 403). A token only works on the platform it was made for (EU or default), so check that the token and the platform chosen in Settings match. The account may also only accept requests from certain IP addresses (set in the gateway dashboard).',
    ],
    ['an unknown code: the message', err({ code: 'gateway.fromTheFuture', params: { x: 1 } }), 'da', 'The English message.'],
    ['no code: the message', err({}), 'da', 'The English message.'],
    ['a known code missing a parameter: the message', err({ code: 'gateway.unreachable', params: { host: 'x' } }), 'da', 'The English message.'],
    ['a name that is not a code but an object property: the message', err({ code: 'toString' }), 'da', 'The English message.'],
  ])('%s', async (_, error, locale, shown) => {
    await applyLocale(locale, locale === 'da' ? 'da-DK' : 'en-GB');
    expect(errorTextNow(error)).toBe(shown);
  });

  it('a parameter value is shown as it is, never read as message syntax', async () => {
    await applyLocale('da', 'da-DK');
    expect(errorTextNow(err({ code: 'template.nameTaken', params: { name: "{name} @:x | {'a'}" } }))).toBe(
      `Der findes allerede en skabelon med navnet "{name} @:x | {'a'}". Vælg et andet navn.`,
    );
  });
});

describe('a campaign\'s stop reason', () => {
  it.each<[string, Pick<CampaignSummary, 'lastError' | 'lastErrorCode'>, 'en' | 'da', string | null]>([
    ['with its code, in Danish', { lastError: 'Your gateway account does not have enough credit.', lastErrorCode: { code: 'gateway.insufficientCredit' } }, 'da', 'Din gatewaykonto har ikke penge nok til dette. Fyld kontoen op i gatewayens kontrolpanel, og prøv så igen.'],
    ['Besked\'s own reason, in Danish', { lastError: 'This campaign started on the live gateway…', lastErrorCode: { code: 'campaign.startedLive' } }, 'da', 'Kampagnen blev startet på den rigtige gateway, og Besked er nu i Sandkassen. Genoptag den for at sende resten til testgatewayen.'],
    ['without a code: the stored sentence', { lastError: '3 scheduled messages could not be cancelled.', lastErrorCode: null }, 'da', '3 scheduled messages could not be cancelled.'],
    ['not stopped', { lastError: null, lastErrorCode: null }, 'da', null],
  ])('%s', async (_, campaign, locale, shown) => {
    await applyLocale(locale, locale === 'da' ? 'da-DK' : 'en-GB');
    const e = stoppedReasonError(campaign);
    expect(e && errorTextNow(e)).toBe(shown);
  });
});

describe('errorMessage', () => {
  it('translates what a call threw, and gives a generic line in the active language for anything else', async () => {
    await applyLocale('da', 'da-DK');
    expect(errorMessage(new UiError(err({ kind: 'unavailable', code: 'keychain.readFailed' })))).toBe('Nøgleringen kunne ikke læses. Lås den op, og prøv igen.');
    expect(errorMessage(new Error('boom'))).toBe('Noget gik galt. Prøv igen.');
  });
});
