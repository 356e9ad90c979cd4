// The text a shop owner reads for a core error, in the active language: the translation of its code with its
// parameters filled in, else the core's English message (a code this renderer does not know, or no code at all).
import { useI18n } from 'vue-i18n';
import { ERROR_CODES, isErrorCode } from '../../src-shared/error-codes';
import type { AppError } from '../../src-shared/errors';
import type { CampaignSummary } from '../../src-shared/contract';
import { formatLocaleTag, i18n } from '../i18n';
import { formatterFor } from './useFormat';

/** What errorText needs from vue-i18n and the formatter; small so a table test can pass a real i18n instance. */
export interface ErrorTranslator {
  t(key: string, named: Record<string, unknown>): string;
  te(key: string): boolean;
  /** A number parameter written the locale's way (1.234,5 in Danish). */
  number(n: number): string;
}

export function errorText(err: AppError, tr: ErrorTranslator): string {
  const own = ownText(err, tr);
  // An error that says where (which address) is followed by what went wrong there.
  return err.because ? `${own} ${ownText(err.because, tr)}` : own;
}

function ownText(err: AppError, tr: ErrorTranslator): string {
  const code = err.code;
  if (!isErrorCode(code)) return err.message;
  const key = `errors.${code}`;
  if (!tr.te(key)) return err.message;
  const given = err.params ?? {};
  const named: Record<string, string> = {};
  for (const name of ERROR_CODES[code] as readonly string[]) {
    const v = given[name];
    // A core that sent fewer parameters than this renderer expects: its own message is better than a gap.
    if (v === undefined) return err.message;
    named[name] = typeof v === 'number' ? tr.number(v) : v;
  }
  return tr.t(key, named).trim();
}

function numberIn(tag: string): (n: number) => string {
  const f = formatterFor(tag);
  return (n) => f.number(n, Number.isInteger(n) ? { maxDecimals: 0 } : { minDecimals: 2, maxDecimals: 2 });
}

/** For views and components: the text follows a language switch when used in a template or computed. */
export function useErrorText(): (err: AppError) => string {
  const { t, te } = useI18n();
  return (err) => errorText(err, { t: (k, n) => t(k, n), te: (k) => te(k), number: numberIn(formatLocaleTag.value) });
}

type Stopped = Pick<CampaignSummary, 'lastError' | 'lastErrorCode'>;

/** Why a campaign stopped, as the error it was (its lastError with its code); null when it did not stop. */
export function stoppedReasonError(c: Stopped): AppError | null {
  return c.lastError === null ? null : { kind: 'internal', message: c.lastError, ...(c.lastErrorCode ?? {}) };
}

/** Why a campaign stopped, in the active language; null when it did not. */
export function useStoppedReasonText(): (c: Stopped) => string | null {
  const text = useErrorText();
  return (c) => {
    const e = stoppedReasonError(c);
    return e && text(e);
  };
}

/** Outside a component (stores, api.ts): the text in the language active right now. */
export function errorTextNow(err: AppError): string {
  const g = i18n.global;
  return errorText(err, { t: (k, n) => g.t(k, n), te: (k) => g.te(k), number: numberIn(formatLocaleTag.value) });
}
