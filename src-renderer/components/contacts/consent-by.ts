// Who changed a number's consent, in the UI's language. The core records it in English words ("you (in Besked)" for
// the user, "STOP from +4520304071" for a keyword reply) and an import's file name as they are.
import type { ConsentEntry } from '../../../src-shared/contract';

type Translate = (key: string, named: Record<string, string>) => string;

/** The words the core writes for the user's own changes (src-main/core/contacts/handlers.ts, MANUAL_BY). */
const BY_THE_USER = 'you (in Besked)';
/** A keyword reply: "<keyword> from +<number>" (src-main/core/inbox/intake.ts). */
const KEYWORD_REPLY = /^(.+) from (\+\d+)$/;

export function consentBy(entry: Pick<ConsentEntry, 'source' | 'by'>, t: Translate): string {
  if (entry.source === 'manual' && entry.by === BY_THE_USER) return t('consent.byYou', {});
  const reply = entry.source === 'keyword' ? KEYWORD_REPLY.exec(entry.by) : null;
  if (reply) return t('consent.byKeyword', { keyword: reply[1]!, number: reply[2]! });
  return t('consent.by', { by: entry.by });
}
