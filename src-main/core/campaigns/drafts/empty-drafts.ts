// Empty drafts (src-shared/campaigns/empty-draft.ts) in the database: left out of the campaign list at once, and
// removed when the core starts. Only at start can no composer be holding one: windows and web tabs of this run
// connect after the core has started, and a tab of an earlier run cannot call this one (its key is per run).
import { isEmptyDraft } from '../../../../src-shared/campaigns/empty-draft';
import type { RecipientSpec } from '../../../../src-shared/contract';
import type { Db } from '../../db/database';
import { EMPTY_SPEC, type CampaignRow } from '../campaign-store';

type DraftColumns = Pick<CampaignRow, 'kind' | 'state' | 'name' | 'text' | 'recipient_spec' | 'send_at'>;

/** A campaign draft with nothing in it; replies and anything sent or scheduled are never "empty". */
export function isEmptyDraftRow(row: DraftColumns): boolean {
  if (row.kind !== 'campaign' || row.state !== 'draft') return false;
  let spec: Partial<RecipientSpec>;
  try {
    spec = JSON.parse(row.recipient_spec) as Partial<RecipientSpec>;
  } catch {
    // A spec that cannot be read is not known to be empty: keep the draft, as its text may still be wanted.
    return false;
  }
  return isEmptyDraft({ name: row.name, text: row.text, sendAt: row.send_at, recipients: { ...EMPTY_SPEC, ...spec } });
}

/** The first `limit` rows that are not empty drafts: the campaign list, which never shows them. */
export function withoutEmptyDrafts(rows: Iterable<CampaignRow>, limit: number): CampaignRow[] {
  const out: CampaignRow[] = [];
  if (limit <= 0) return out;
  // Iterated, not fetched whole: reading stops at the limit, and empty drafts do not take places in it.
  for (const row of rows) {
    if (isEmptyDraftRow(row)) continue;
    out.push(row);
    if (out.length === limit) break;
  }
  return out;
}

/**
 * Deletes every empty draft; returns how many. Call only before any composer can be open (at start): one could be
 * holding an empty draft, and campaign ids are reused after a delete, so its next save would land in another draft.
 */
export function removeEmptyDrafts(db: Db): number {
  const rows = db.prepare(`SELECT id, kind, state, name, text, recipient_spec, send_at FROM campaigns WHERE kind = 'campaign' AND state = 'draft'`).all() as (DraftColumns &
    Pick<CampaignRow, 'id'>)[];
  const empty = rows.filter(isEmptyDraftRow).map((r) => r.id);
  if (empty.length === 0) return 0;
  const del = db.prepare(`DELETE FROM campaigns WHERE id = ? AND state = 'draft'`);
  db.transaction(() => {
    for (const id of empty) del.run(id);
  })();
  return empty.length;
}
