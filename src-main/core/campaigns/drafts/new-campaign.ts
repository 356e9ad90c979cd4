// How a campaign comes into being: a draft to compose, or a reply written from the inbox and frozen at once. Both
// go through here, so a new kind of campaign starts with the same columns and the same checks.
import type { RecipientSpec } from '../../../../src-shared/contract';
import type { Db } from '../../db/database';
import { prepared } from '../../db/prepared';
import type { Mode } from '../../pricing/price-book';

export interface NewCampaign {
  kind: 'campaign' | 'reply';
  name: string;
  sender: string;
  text: string;
  /** The options as stored: a draft's (MessageOptions), or a frozen campaign's (with maxParts). */
  options: object;
  recipients: RecipientSpec;
  /** When it is written (ISO). */
  at: string;
  duplicatedFrom?: number | null;
  /** Sent at once (a reply): frozen, in its mode, with its parts known. A draft has none of these. */
  frozen?: { mode: Mode; estimatedParts: number } | null;
  /** Who wrote it on a Besked server; left out: one PC, or an automation. */
  author?: { id: number; name: string } | null;
  /** A draft the whole team sees (the default); false: only its author. */
  shared?: boolean;
}

/** Writes the campaign's row and returns its id. Every campaign starts on the legacy interface; a draft can change it. */
export function insertCampaign(db: Db, c: NewCampaign): number {
  const frozen = c.frozen ?? null;
  const info = prepared(
    db,
    `INSERT INTO campaigns (kind, name, state, channel, mode, sender, text, fallbacks, options, recipient_spec, frozen_at,
                            estimated_parts, created_at, updated_at, started_at, duplicated_from, author_id, author_name, shared)
     VALUES (?, ?, ?, 'legacy', ?, ?, ?, '{}', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    c.kind,
    c.name,
    frozen ? 'sending' : 'draft',
    frozen?.mode ?? null,
    c.sender,
    c.text,
    JSON.stringify(c.options),
    JSON.stringify(c.recipients),
    frozen ? c.at : null,
    frozen?.estimatedParts ?? null,
    c.at,
    c.at,
    frozen ? c.at : null,
    c.duplicatedFrom ?? null,
    c.author?.id ?? null,
    c.author?.name ?? null,
    c.shared === false ? 0 : 1,
  );
  return Number(info.lastInsertRowid);
}
