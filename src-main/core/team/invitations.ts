// One-time links in team_invitations: an invitation to join with a role, or a reset letting one user choose a new
// password. The code is in the link only; the row keeps its SHA-256. A link is used once, withdrawn, or runs out, and
// it holds only while its maker is still an owner and (a reset) its user is still on the team in the role it was made for.
import type { Invitation, Role } from '../../../src-shared/contract';
import type { Db } from '../db/database';
import { digest, newSecret } from './team-secrets';

export interface OpenLink {
  id: number;
  kind: 'invite' | 'reset';
  role: Role;
  name: string;
  /** A reset's user. */
  userId: number | null;
  createdBy: string;
  createdAt: string;
  expiresAt: string;
}

interface RawLink {
  id: number;
  kind: 'invite' | 'reset';
  role: Role;
  name: string;
  user_id: number | null;
  created_by_name: string | null;
  created_at: string;
  expires_at: string;
}

const SELECT = `SELECT i.id, i.kind, i.role, i.name, i.user_id, u.name AS created_by_name, i.created_at, i.expires_at
                  FROM team_invitations i LEFT JOIN team_users u ON u.id = i.created_by`;
// The authority a link was made with is read again wherever a link is looked at, so no path (use, info, list,
// withdraw) can honour a link whose maker was demoted or removed, or a reset whose user changed role or left; the
// handlers also withdraw such links when that happens, so a maker promoted again does not bring them back.
const MAKER_STILL_OWNER = `EXISTS (SELECT 1 FROM team_users m WHERE m.id = i.created_by AND m.removed_at IS NULL AND m.role = 'owner')`;
const TARGET_AS_MADE = `(i.kind = 'invite' OR EXISTS (SELECT 1 FROM team_users t WHERE t.id = i.user_id AND t.removed_at IS NULL AND t.role = i.role))`;
const OPEN = `i.used_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > ? AND ${MAKER_STILL_OWNER} AND ${TARGET_AS_MADE}`;

const iso = (t: number) => new Date(t).toISOString();

function toLink(r: RawLink): OpenLink {
  return {
    id: r.id,
    kind: r.kind,
    role: r.role,
    name: r.name,
    userId: r.user_id,
    createdBy: r.created_by_name ?? '',
    createdAt: r.created_at,
    expiresAt: r.expires_at,
  };
}

export const invitationOf = (l: OpenLink): Invitation => ({
  id: l.id,
  kind: l.kind,
  role: l.role,
  name: l.name,
  createdBy: l.createdBy,
  createdAt: l.createdAt,
  expiresAt: l.expiresAt,
});

export class Invitations {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** A new link; the code is returned once and kept nowhere. */
  create(l: { kind: 'invite' | 'reset'; role: Role; name: string; userId: number | null; createdBy: number | null }, lifetimeMs: number): { link: OpenLink; code: string } {
    const now = this.now();
    const code = newSecret();
    const info = this.db
      .prepare('INSERT INTO team_invitations (code_hash, kind, role, name, user_id, created_by, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(digest(code), l.kind, l.role, l.name, l.userId, l.createdBy, iso(now), iso(now + lifetimeMs));
    return { link: this.byId(Number(info.lastInsertRowid))!, code };
  }

  /** The open link a code belongs to; null when unknown, used, withdrawn or out of time (one answer for all). */
  byCode(code: string): OpenLink | null {
    const r = this.db.prepare(`${SELECT} WHERE i.code_hash = ? AND ${OPEN}`).get(digest(code.trim()), iso(this.now())) as RawLink | undefined;
    return r ? toLink(r) : null;
  }

  open(): OpenLink[] {
    return (this.db.prepare(`${SELECT} WHERE ${OPEN} ORDER BY i.id DESC`).all(iso(this.now())) as RawLink[]).map(toLink);
  }

  /** Marks the link used; false when another request used it first (call inside the transaction that acts on it). */
  use(id: number): boolean {
    return this.db.prepare(`UPDATE team_invitations AS i SET used_at = ? WHERE i.id = ? AND ${OPEN}`).run(iso(this.now()), id, iso(this.now())).changes === 1;
  }

  /** Withdraws an open link; false when there was none. */
  revoke(id: number): boolean {
    return this.db.prepare(`UPDATE team_invitations AS i SET revoked_at = ? WHERE i.id = ? AND ${OPEN}`).run(iso(this.now()), id, iso(this.now())).changes === 1;
  }

  /** Withdraws a user's open reset links (a newer one replaces them; a removed user or a new role needs none). */
  revokeResetsOf(userId: number): void {
    this.db.prepare("UPDATE team_invitations SET revoked_at = ? WHERE kind = 'reset' AND user_id = ? AND used_at IS NULL AND revoked_at IS NULL").run(iso(this.now()), userId);
  }

  /** Withdraws every unused link a user made (they are no longer an owner, or no longer on the team). */
  revokeMadeBy(userId: number): void {
    this.db.prepare('UPDATE team_invitations SET revoked_at = ? WHERE created_by = ? AND used_at IS NULL AND revoked_at IS NULL').run(iso(this.now()), userId);
  }

  private byId(id: number): OpenLink | null {
    const r = this.db.prepare(`${SELECT} WHERE i.id = ?`).get(id) as RawLink | undefined;
    return r ? toLink(r) : null;
  }
}
