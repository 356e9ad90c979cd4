// A campaign's title wherever it is listed: its name (an automation run's with its due time in the user's date
// format; a reply the core sent by itself — an auto-reply, an opt-out confirmation — in the UI's language), else the
// start of its text, else "Untitled message".
import type { CampaignSummary } from '../../../src-shared/contract';

export interface TitleWords {
  t: (key: string, named?: Record<string, string>) => string;
  dateTime: (iso: string) => string;
}

/** The names the core gives the replies it sends by itself (automations/auto-reply.ts, inbox/index.ts), kept in English in the database. */
const AUTO_REPLY = /^Auto-reply: (.*)$/s;
const OPT_OUT_CONFIRMATION = 'Opt-out confirmation';

function madeName(name: string, w: TitleWords): string {
  const rule = AUTO_REPLY.exec(name)?.[1];
  if (rule !== undefined) return w.t('campaigns.madeNames.autoReply', { rule });
  if (name === OPT_OUT_CONFIRMATION) return w.t('campaigns.madeNames.optOutConfirmation');
  return name;
}

export function campaignTitle(c: Pick<CampaignSummary, 'name' | 'textPreview' | 'runDueAt'> & Partial<Pick<CampaignSummary, 'kind'>>, w: TitleWords): string {
  const own = c.kind === 'reply' && c.name ? madeName(c.name, w) : c.name;
  const name = own || (c.textPreview.length > 48 ? `${c.textPreview.slice(0, 47)}…` : c.textPreview) || w.t('campaigns.untitled');
  return c.runDueAt ? `${name} · ${w.dateTime(c.runDueAt)}` : name;
}
