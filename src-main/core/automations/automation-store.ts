// The automations table: rows in and out as AutomationDraft values, the switch states, revisions and the runner's
// scanned_to mark. Validation lives in automation-checks.ts; the contract's Automation view in automation-view.ts.
import { AutomationDraft, type AutomationKind, type AutomationState } from '../../../src-shared/contract/automations';
import { coded } from '../../../src-shared/error-codes';
import type { Db } from '../db/database';
import { BeskedError } from '../errors';

/** One automation as stored. Times are UTC ISO strings. */
export interface AutomationRow {
  id: number;
  kind: AutomationKind;
  state: AutomationState;
  draft: AutomationDraft;
  /** Bumped on every edit of an active or paused automation: what was planned under an older revision is planned again. */
  revision: number;
  activatedAt: string | null;
  scannedTo: string | null;
  /** The welcome automation's group (the join trigger reads it); null for other kinds. */
  groupId: number | null;
  createdAt: string;
  updatedAt: string;
}

interface Raw {
  id: number;
  kind: AutomationKind;
  state: AutomationState;
  draft: string;
  revision: number;
  activated_at: string | null;
  scanned_to: string | null;
  group_id: number | null;
  created_at: string;
  updated_at: string;
}

const COLUMNS = 'id, kind, state, draft, revision, activated_at, scanned_to, group_id, created_at, updated_at';

function toRow(r: Raw): AutomationRow {
  return {
    id: r.id,
    kind: r.kind,
    state: r.state,
    // Parsed with the contract's schema so a row written by an older build still reads as today's shape.
    draft: AutomationDraft.parse(JSON.parse(r.draft)),
    revision: r.revision,
    activatedAt: r.activated_at,
    scannedTo: r.scanned_to,
    groupId: r.group_id,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** The welcome trigger matches on group_id, so it is kept beside the JSON. */
const groupIdOf = (d: AutomationDraft): number | null => (d.spec.kind === 'welcome' ? d.spec.groupId : null);

export class AutomationStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  private iso(): string {
    return new Date(this.now()).toISOString();
  }

  get(id: number): AutomationRow | undefined {
    const r = this.db.prepare(`SELECT ${COLUMNS} FROM automations WHERE id = ?`).get(id) as Raw | undefined;
    return r && toRow(r);
  }

  /** Like get, but a missing automation is the caller's error (it was deleted meanwhile). */
  require(id: number): AutomationRow {
    const row = this.get(id);
    if (!row) throw new BeskedError('not_found', 'This automation no longer exists.', coded('automation.notFound'));
    return row;
  }

  /** Newest first. */
  list(): AutomationRow[] {
    return (this.db.prepare(`SELECT ${COLUMNS} FROM automations ORDER BY id DESC`).all() as Raw[]).map(toRow);
  }

  /** Every switched-on automation, oldest first (the runner's order). */
  active(kind?: AutomationKind): AutomationRow[] {
    const rows = kind
      ? this.db.prepare(`SELECT ${COLUMNS} FROM automations WHERE state = 'active' AND kind = ? ORDER BY id`).all(kind)
      : this.db.prepare(`SELECT ${COLUMNS} FROM automations WHERE state = 'active' ORDER BY id`).all();
    return (rows as Raw[]).map(toRow);
  }

  insert(draft: AutomationDraft): AutomationRow {
    const at = this.iso();
    const id = Number(
      this.db
        .prepare('INSERT INTO automations (kind, name, state, draft, group_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(draft.spec.kind, draft.name, 'draft', JSON.stringify(draft), groupIdOf(draft), at, at).lastInsertRowid,
    );
    return this.require(id);
  }

  /**
   * Replaces the draft. A switched-on (or paused) automation gets a new revision, so the runner plans its future
   * occurrences again; a never-activated draft keeps revision 1.
   */
  replaceDraft(id: number, draft: AutomationDraft): AutomationRow {
    const before = this.require(id);
    const revision = before.state === 'draft' ? before.revision : before.revision + 1;
    this.db
      .prepare('UPDATE automations SET kind = ?, name = ?, draft = ?, group_id = ?, revision = ?, updated_at = ? WHERE id = ?')
      .run(draft.spec.kind, draft.name, JSON.stringify(draft), groupIdOf(draft), revision, this.iso(), id);
    return this.require(id);
  }

  /**
   * Switches on: activated_at is now, and the runner's scan starts there (occurrences while it was off are not
   * owed). `draft` replaces the stored one when activation fixes something in it (the frozen recipients).
   */
  activate(id: number, draft?: AutomationDraft): AutomationRow {
    const at = this.iso();
    const d = draft ?? this.require(id).draft;
    this.db
      .prepare("UPDATE automations SET state = 'active', draft = ?, activated_at = ?, scanned_to = ?, updated_at = ? WHERE id = ?")
      .run(JSON.stringify(d), at, at, at, id);
    return this.require(id);
  }

  pause(id: number): AutomationRow {
    this.db.prepare("UPDATE automations SET state = 'paused', updated_at = ? WHERE id = ? AND state = 'active'").run(this.iso(), id);
    return this.require(id);
  }

  /** The runner has looked at every occurrence up to `iso` (recorded what was due). */
  setScannedTo(id: number, iso: string): void {
    this.db.prepare('UPDATE automations SET scanned_to = ? WHERE id = ?').run(iso, id);
  }

  /**
   * Deletes the rule, its due index and welcome queue. Its occurrence record and auto-reply decisions stay with
   * their campaigns (which stay in Campaigns), so the ledger of what was sent is never lost.
   */
  delete(id: number): boolean {
    return this.db.transaction(() => {
      this.db.prepare('DELETE FROM automation_due WHERE automation_id = ?').run(id);
      this.db.prepare('DELETE FROM automation_welcome_queue WHERE automation_id = ?').run(id);
      return this.db.prepare('DELETE FROM automations WHERE id = ?').run(id).changes > 0;
    })();
  }
}
