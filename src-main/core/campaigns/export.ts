// A campaign's results as a CSV file: one line per recipient with its text, parts, sending state, delivery
// status in plain words, error and cost. UTF-8 with a BOM so Excel reads æøå; formula-like cells defused.
// In English whatever the UI's language: a record for the shop and for the gateway's support, whose columns and
// words stay the same from one export to the next (the gateway's error codes are in the Error column).
import type { FileDownload } from '../../../src-shared/contract';
import { recipientCharge } from '../../../src-shared/campaigns/recipient-charge';
import { STATE_INFO } from '../../../src-shared/delivery-status';
import type { Db } from '../db/database';
import { csvFile } from '../downloads/csv-file';
import type { CampaignRecipients, ExportedRecipient } from './recipients/campaign-recipients';
import type { CampaignRow } from './campaign-store';
import { RECIPIENT_STATE_WORDS } from './recipients/recipient-words';
import { ERASED } from '../privacy/erasure';
import { computerClock } from '../clock';

const HEADER = ['Number', 'Name', 'Text', 'Parts', 'Sending', 'Reason', 'Delivery', 'Gateway status', 'Error', 'Status time', 'Cost', 'Gateway id'];

/** What the gateway kept for the recipient; empty while unknown. */
function charged(r: ExportedRecipient): string {
  const c = recipientCharge(r.state, r.status, r.cost);
  return c === null ? '' : c.toFixed(4);
}

export function exportCampaignCsv(db: Db, recipients: CampaignRecipients, row: CampaignRow, now: () => number = computerClock.now): FileDownload {
  const data: string[][] = [HEADER];
  for (const r of recipients.forExport(row.id)) {
    data.push(
      [
        // A recipient erased at their request keeps its row for the counts and costs, not its number (privacy/).
        r.msisdn < 0 ? ERASED : String(r.msisdn),
        r.name ?? '',
        r.text,
        String(r.parts),
        RECIPIENT_STATE_WORDS[r.state],
        r.reason ?? '',
        r.status ? STATE_INFO[r.status].label : '',
        r.gateway_status ?? '',
        r.status_error ?? '',
        r.status_at ?? '',
        charged(r),
        r.gateway_id ?? '',
      ],
    );
  }
  const excluded = db.prepare('SELECT label, msisdn, reason, detail FROM campaign_exclusions WHERE campaign_id = ? ORDER BY id').all(row.id) as {
    label: string;
    msisdn: number | null;
    reason: string;
    detail: string;
  }[];
  for (const e of excluded) {
    data.push([e.msisdn === null ? e.label : String(e.msisdn), e.msisdn === null ? '' : e.label, '', '0', RECIPIENT_STATE_WORDS.excluded, e.detail, '', '', '', '', '', '']);
  }
  const day = new Date(now()).toISOString().slice(0, 10);
  const slug = (row.name || `campaign-${row.id}`).replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '').slice(0, 40) || `campaign-${row.id}`;
  return csvFile(`${slug}-results-${day}.csv`, data, { whatToDo: "Please report this: the campaign's results are unusually large." });
}
