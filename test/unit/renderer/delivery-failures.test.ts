// Every delivery-status explanation and every gateway error code Besked explains has a registry code with English
// and Danish text (the English the shared tables say), and a failed delivery's reason carries those codes.
import { describe, expect, it } from 'vitest';
import { describeGatewayStatus, GATEWAY_STATUS_TABLE, STATE_INFO, BESKED_STATES, type StatusSource } from '../../../src-shared/delivery-status';
import { deliveryFailure, GATEWAY_ERRORS, GAVE_UP_ERROR, gatewayErrorCoded, splitStatusError } from '../../../src-shared/delivery-failures';
import { ERROR_CODES, isErrorCode } from '../../../src-shared/error-codes';
import { errorText } from '../../../src-renderer/composables/useErrorText';
import { i18n, loadLanguage } from '../../../src-renderer/i18n';
import { ERRORS as SIMULATOR_ERRORS } from '../../../src-sim/delivery';
// Each language's texts are a chunk loaded on first use in the app; these tests read both from the start.
await Promise.all([loadLanguage('en'), loadLanguage('da')]);

/** The text of a code in a language, with its parameters, through the renderer's own errorText. */
function say(locale: 'en' | 'da', code: string, params?: Record<string, string | number>): string {
  const g = i18n.global;
  return errorText({ kind: 'internal', message: '(untranslated)', code, ...(params ? { params } : {}) }, {
    t: (k, n) => g.t(k, n, { locale }),
    te: (k) => g.te(k, locale),
    number: String,
  });
}

const explanations: [string, string, string][] = [
  ...BESKED_STATES.map((s) => [`state ${s}`, `delivery.state.${s}`, STATE_INFO[s].explanation] as [string, string, string]),
  ...(['sms', 'rcs', 'legacy'] as StatusSource[]).flatMap((source) =>
    Object.entries(GATEWAY_STATUS_TABLE[source]).map(([status, entry]) => {
      const d = describeGatewayStatus(source, status);
      return [`${source} ${status}`, d.explanationCode, entry.detail ?? STATE_INFO[entry.state].explanation] as [string, string, string];
    }),
  ),
];

describe('every delivery-status explanation', () => {
  it.each(explanations)('%s is registry code %s with the shared English and a Danish text', (_, code, english) => {
    expect(isErrorCode(code)).toBe(true);
    expect(ERROR_CODES[code as keyof typeof ERROR_CODES]).toEqual([]);
    expect(say('en', code)).toBe(english);
    const da = say('da', code);
    expect(da).not.toBe('(untranslated)');
    expect(da).not.toBe(english);
  });
});

describe('every gateway error code Besked explains', () => {
  it.each(Object.entries(GATEWAY_ERRORS))('%s has English as the gateway words it and Danish, both showing the code', (hex, { code, words }) => {
    expect(isErrorCode(code)).toBe(true);
    expect(say('en', code, { hex })).toBe(`${words} (${hex})`);
    const da = say('da', code, { hex });
    expect(da).toContain(`(${hex})`);
    expect(da).not.toBe(`${words} (${hex})`);
  });
});

describe("the Sandbox simulator's error codes", () => {
  it.each(Object.values(SIMULATOR_ERRORS))('$code is explained, in the words the simulator reports it with', ({ code, details }) => {
    expect(GATEWAY_ERRORS[code]?.words).toBe(details);
  });
});

describe('a stored gateway error', () => {
  it.each([
    ['words and a code', 'Recipient unknown or unreachable (absent subscriber) (0x1420)', { words: 'Recipient unknown or unreachable (absent subscriber)', hex: '0x1420' }],
    ['words only', 'Absent subscriber', { words: 'Absent subscriber', hex: null }],
    ['a code only', '0x1420', { words: null, hex: '0x1420' }],
    ['words in brackets that are no code', 'Refused (by policy)', { words: 'Refused (by policy)', hex: null }],
  ])('splits %s', (_, stored, parts) => {
    expect(splitStatusError(stored)).toEqual(parts);
  });

  it.each([
    ['a known code, whatever its words', 'Absent subscriber (0x1420)', { code: 'delivery.gatewayError.absentSubscriber', params: { hex: '0x1420' } }],
    ['a known code in capitals', 'Rejected (0X1510)', { code: 'delivery.gatewayError.operatorRejected', params: { hex: '0X1510' } }],
    ['an unknown code with words', 'Something new (0x9999)', { code: 'delivery.gatewayError.unexplained', params: { words: 'Something new', hex: '0x9999' } }],
    ['words only', 'Absent subscriber', { code: 'delivery.gatewayError.wordsOnly', params: { words: 'Absent subscriber' } }],
    ['a code only', '0x1092', { code: 'delivery.gatewayError.insufficientCredit', params: { hex: '0x1092' } }],
    ['an unknown code only', '0x9999', { code: 'delivery.gatewayError.codeOnly', params: { hex: '0x9999' } }],
    ['Besked giving up at validity', GAVE_UP_ERROR, { code: 'delivery.gaveUp' }],
  ])('is coded for %s', (_, stored, expected) => {
    expect(gatewayErrorCoded(stored)).toEqual(expected);
  });

  it('says nothing for no error', () => {
    expect(gatewayErrorCoded(null)).toBeNull();
    expect(gatewayErrorCoded('  ')).toBeNull();
  });
});

describe('a failed delivery', () => {
  it.each([
    [
      'undeliverable with the gateway error',
      ['failed', 'UNDELIVERABLE', 'Recipient unknown or unreachable (absent subscriber) (0x1420)'] as const,
      {
        reason: 'The phone network could not deliver the message to this number. (Recipient unknown or unreachable (absent subscriber) (0x1420))',
        code: 'delivery.legacy.UNDELIVERABLE',
        gatewayError: { code: 'delivery.gatewayError.absentSubscriber', params: { hex: '0x1420' } },
      },
      'Telefonnettet kunne ikke levere beskeden til dette nummer. (Nummeret er ukendt, eller telefonen kan ikke nås (slukket eller uden dækning) (0x1420))',
    ],
    ['expired without words', ['expired', 'EXPIRED', null] as const, { reason: STATE_INFO.expired.explanation, code: 'delivery.state.expired' }, null],
    ['failed without a gateway status', ['failed', null, null] as const, { reason: STATE_INFO.failed.explanation, code: 'delivery.state.failed' }, null],
  ])('%s carries its codes beside the English reason', (_, [status, gatewayStatus, error], expected, danish) => {
    const f = deliveryFailure(status, gatewayStatus, error);
    expect(f).toEqual(expected);
    if (danish !== null) expect(`${say('da', f.code)} (${say('da', f.gatewayError!.code, f.gatewayError!.params)})`).toBe(danish);
  });
});
