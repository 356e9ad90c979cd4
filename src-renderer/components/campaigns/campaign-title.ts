// A campaign's title wherever it is listed: its name (an automation run's with its due time in the user's date
// format), else the start of its text, else "Untitled message".
import type { CampaignSummary } from '../../../src-shared/contract';

export interface TitleWords {
  t: (key: string) => string;
  dateTime: (iso: string) => string;
}

export function campaignTitle(c: Pick<CampaignSummary, 'name' | 'textPreview' | 'runDueAt'>, w: TitleWords): string {
  const name = c.name || (c.textPreview.length > 48 ? `${c.textPreview.slice(0, 47)}…` : c.textPreview) || w.t('campaigns.untitled');
  return c.runDueAt ? `${name} · ${w.dateTime(c.runDueAt)}` : name;
}
