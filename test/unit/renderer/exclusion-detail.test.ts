// Why a recipient was left out, in the UI's language: the core's fixed sentences and phone rejections are
// recognised whole; anything else is shown as it came.
import { afterEach, describe, expect, it } from 'vitest';
import { phoneRejectionMessage } from '../../../src-shared/phone';
import { exclusionDetail } from '../../../src-renderer/components/compose/exclusion-detail';
import { applyLocale, i18n, loadLanguage } from '../../../src-renderer/i18n';
// Each language's texts are a chunk loaded on first use in the app; these tests read both from the start.
await Promise.all([loadLanguage('en'), loadLanguage('da')]);

const tr = { t: (key: string, named: Record<string, string> = {}) => i18n.global.t(key, named), te: (key: string) => i18n.global.te(key) };

describe('why a recipient was left out', () => {
  afterEach(() => applyLocale('en', 'en-GB'));

  it.each([
    ['da', 'This number has opted out of messages.', 'Nummeret har afmeldt sig beskeder.'],
    ['en', 'This number has opted out of messages.', 'This number has opted out of messages.'],
    ['da', 'Already in the list as Anna Berg.', 'Står allerede på listen som Anna Berg.'],
    ['da', 'Already in the list as +45 20 30 40 71.', 'Står allerede på listen som +45 20 30 40 71.'],
    ['da', phoneRejectionMessage('too_short'), String(i18n.global.getLocaleMessage('da').errors.phone.too_short)],
    ['da', phoneRejectionMessage('invalid'), String(i18n.global.getLocaleMessage('da').errors.phone.invalid)],
    ['en', phoneRejectionMessage('invalid'), phoneRejectionMessage('invalid')],
    // Words this renderer does not know (a refusal from the gateway, say) stay as they are.
    ['da', 'The gateway refused this number (code 105).', 'The gateway refused this number (code 105).'],
    ['da', 'Already in the list', 'Already in the list'],
  ] as const)('%s: "%s"', async (ui, detail, out) => {
    await applyLocale(ui, ui === 'da' ? 'da-DK' : 'en-GB');
    expect(exclusionDetail(detail, tr)).toBe(out);
  });

  it('knows every phone rejection in Danish', async () => {
    await applyLocale('da', 'da-DK');
    for (const r of ['empty', 'not_a_number', 'scientific', 'too_short', 'too_long', 'unknown_country_code', 'needs_country', 'invalid'] as const) {
      expect(exclusionDetail(phoneRejectionMessage(r), tr)).not.toBe(phoneRejectionMessage(r));
    }
  });
});
