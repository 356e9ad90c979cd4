// Everything Besked holds about one number, read for the data export (issue 28 point 9): the contact with its groups
// and custom fields, the consent log, every text both ways with times and statuses, the campaigns and automations that
// texted the person, and the shared inbox's notes and assignment.
import type { Db } from '../db/database';
import { settleForReading } from '../campaigns/recipients/settlement';
import type { Person } from './person';

export interface PersonData {
  person: Person;
  contacts: {
    id: number;
    firstName: string;
    lastName: string;
    e164: string;
    email: string;
    company: string;
    custom: { label: string; value: string }[];
    notes: string;
    groups: string[];
    createdAt: string;
    updatedAt: string;
  }[];
  optedOut: { source: string; by: string; at: string } | null;
  consent: { action: string; source: string; by: string; note: string; at: string }[];
  sent: {
    campaign: string;
    kind: string;
    automation: string | null;
    text: string;
    state: string;
    status: string | null;
    statusAt: string | null;
    parts: number;
    cost: number | null;
    currency: string | null;
    sentAt: string | null;
    statuses: { status: string; at: string }[];
  }[];
  received: { text: string; sentAt: string; receivedAt: string; readAt: string | null; optOutKeyword: string | null; autoReply: string | null }[];
  excluded: { campaign: string; reason: string; detail: string }[];
  notes: { author: string; text: string; at: string; mode: string }[];
  assignments: { user: string; by: string; at: string; mode: string }[];
}

export function readPersonData(db: Db, person: Person): PersonData {
  const m = person.msisdn;
  // Recipient rows of frozen batches and unsettled chunks are written before they are read (settlement.ts).
  settleForReading(db);
  const labels = new Map((db.prepare('SELECT key, label FROM contact_fields').all() as { key: string; label: string }[]).map((f) => [f.key, f.label]));
  const contacts = (db.prepare('SELECT * FROM contacts WHERE msisdn = ?').all(m) as Record<string, string | number>[]).map((c) => ({
    id: c.id as number,
    firstName: c.first_name as string,
    lastName: c.last_name as string,
    e164: c.e164 as string,
    email: c.email as string,
    company: c.company as string,
    custom: Object.entries(JSON.parse(c.custom as string) as Record<string, string>).map(([k, value]) => ({ label: labels.get(k) ?? k, value })),
    notes: c.notes as string,
    groups: db
      .prepare('SELECT g.name FROM contact_group_members m JOIN contact_groups g ON g.id = m.group_id WHERE m.contact_id = ? ORDER BY g.name')
      .pluck()
      .all(c.id) as string[],
    createdAt: c.created_at as string,
    updatedAt: c.updated_at as string,
  }));
  const optedOut = (db.prepare('SELECT source, by, at FROM opt_outs WHERE msisdn = ?').get(m) as PersonData['optedOut'] | undefined) ?? null;
  const consent = db.prepare('SELECT action, source, by, note, at FROM consent_log WHERE msisdn = ? ORDER BY id').all(m) as PersonData['consent'];
  const statuses = db.prepare('SELECT status, at FROM status_events WHERE recipient_id = ? ORDER BY at, id');
  const sent = (
    db
      .prepare(
        `SELECT r.id, c.name AS campaign, c.kind, a.name AS automation, r.text, r.state, r.status, r.status_at AS statusAt, r.parts, r.cost,
                c.currency, COALESCE(c.started_at, c.send_at, c.created_at) AS sentAt
         FROM campaign_recipients r JOIN campaigns c ON c.id = r.campaign_id LEFT JOIN automations a ON a.id = c.automation_id
         WHERE r.msisdn = ? ORDER BY r.id`,
      )
      .all(m) as (Omit<PersonData['sent'][number], 'statuses'> & { id: number })[]
  ).map(({ id, ...r }) => ({ ...r, statuses: statuses.all(id) as { status: string; at: string }[] }));
  const received = db
    .prepare(
      `SELECT i.text, i.sent_at AS sentAt, i.received_at AS receivedAt, i.read_at AS readAt, i.opt_out_keyword AS optOutKeyword,
              CASE WHEN ar.outcome IS NULL THEN NULL ELSE ar.outcome || COALESCE(' (' || a.name || ')', '') END AS autoReply
       FROM inbound_messages i LEFT JOIN auto_replies ar ON ar.inbound_id = i.id LEFT JOIN automations a ON a.id = ar.automation_id
       WHERE i.msisdn = ? ORDER BY i.sent_at, i.id`,
    )
    .all(m) as PersonData['received'];
  const excluded = db
    .prepare('SELECT c.name AS campaign, e.reason, e.detail FROM campaign_exclusions e JOIN campaigns c ON c.id = e.campaign_id WHERE e.msisdn = ? ORDER BY e.id')
    .all(m) as PersonData['excluded'];
  const notes = db.prepare('SELECT author, text, at, mode FROM conversation_notes WHERE msisdn = ? ORDER BY at, id').all(m) as PersonData['notes'];
  const assignments = db
    .prepare('SELECT u.name AS user, a.assigned_by AS by, a.assigned_at AS at, a.mode FROM conversation_assignments a JOIN team_users u ON u.id = a.user_id WHERE a.msisdn = ?')
    .all(m) as PersonData['assignments'];
  return { person, contacts, optedOut, consent, sent, received, excluded, notes, assignments };
}
