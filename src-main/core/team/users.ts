// The team's accounts in team_users: names compared case-insensitively, roles, password hashes, lock state. A removed
// user keeps their row (removed_at), so their name stays in the audit trail and on the replies they wrote.
import type { Me, Role } from '../../../src-shared/contract';
import type { Db } from '../db/database';
import { newNameProblem, normaliseName } from '../../../src-shared/team/user-names';
import type { LockState } from './lockout';
import { teamErrors } from './team-errors';

export interface UserRow {
  id: number;
  name: string;
  role: Role;
  passwordHash: string;
  createdAt: string;
  lastSignInAt: string | null;
  lock: LockState;
}

interface RawUser {
  id: number;
  name: string;
  role: Role;
  password_hash: string;
  created_at: string;
  last_sign_in_at: string | null;
  failed_count: number;
  last_failed_at: string | null;
  locked_until: string | null;
}

/** The name as sign-in compares it: Unicode-composed, lower case, accents kept ("Søren" and "SØREN" are one). */
export function nameKey(name: string): string {
  return name.trim().normalize('NFC').toLowerCase();
}

/** The key sign-in takes a typed name by (and queues its attempts by): the normalised name's key. */
export const signInKey = (name: string): string => nameKey(normaliseName(name));

const ms = (iso: string | null): number | null => (iso === null ? null : Date.parse(iso));
const iso = (t: number | null): string | null => (t === null ? null : new Date(t).toISOString());

function toRow(r: RawUser): UserRow {
  return {
    id: r.id,
    name: r.name,
    role: r.role,
    passwordHash: r.password_hash,
    createdAt: r.created_at,
    lastSignInAt: r.last_sign_in_at,
    lock: { failedCount: r.failed_count, lastFailedAt: ms(r.last_failed_at), lockedUntil: ms(r.locked_until) },
  };
}

export const meOf = (u: Pick<UserRow, 'id' | 'name' | 'role'>): Me => ({ id: u.id, name: u.name, role: u.role });

export class Users {
  constructor(private readonly db: Db) {}

  /** A current (not removed) user. */
  byId(id: number): UserRow | null {
    const r = this.db.prepare('SELECT * FROM team_users WHERE id = ? AND removed_at IS NULL').get(id) as RawUser | undefined;
    return r ? toRow(r) : null;
  }

  /** The current user a typed name means: in its normalised form (as names are stored now), else as typed (a name
   * stored before names were normalised, e.g. with two spaces in it). */
  byName(name: string): UserRow | null {
    const find = this.db.prepare('SELECT * FROM team_users WHERE name_key = ? AND removed_at IS NULL');
    const r = (find.get(signInKey(name)) ?? find.get(nameKey(name))) as RawUser | undefined;
    return r ? toRow(r) : null;
  }

  /** Every current user, owners first, then by name. */
  all(): UserRow[] {
    const rows = this.db.prepare("SELECT * FROM team_users WHERE removed_at IS NULL ORDER BY role = 'staff', name_key").all() as RawUser[];
    return rows.map(toRow);
  }

  owners(): number {
    return (this.db.prepare("SELECT count(*) AS n FROM team_users WHERE role = 'owner' AND removed_at IS NULL").get() as { n: number }).n;
  }

  /**
   * The name a new member (or a member renamed, `except` them) gets: normalised, and refused when it holds invisible
   * characters, is a current member's, or looks like one (src-shared/team/user-names.ts). Call inside the transaction
   * that adds the member, so two people cannot claim lookalikes at once.
   */
  claimName(name: string, except?: number): string {
    const n = normaliseName(name);
    const others = this.all().filter((u) => u.id !== except);
    const problem = newNameProblem(n, others.map((u) => u.name));
    if (problem?.kind === 'hidden') throw teamErrors.nameHidden();
    if (others.some((u) => nameKey(u.name) === nameKey(n))) throw teamErrors.nameTaken(n);
    if (problem) throw teamErrors.nameLookalike(n, problem.like);
    return n;
  }

  add(u: { name: string; role: Role; passwordHash: string }, now: number): UserRow {
    const name = normaliseName(u.name);
    const info = this.db
      .prepare('INSERT INTO team_users (name, name_key, role, password_hash, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(name, nameKey(name), u.role, u.passwordHash, iso(now));
    return this.byId(Number(info.lastInsertRowid))!;
  }

  setLock(id: number, s: LockState): void {
    this.db
      .prepare('UPDATE team_users SET failed_count = ?, last_failed_at = ?, locked_until = ? WHERE id = ?')
      .run(s.failedCount, iso(s.lastFailedAt), iso(s.lockedUntil), id);
  }

  signedIn(id: number, now: number): void {
    this.db.prepare('UPDATE team_users SET last_sign_in_at = ?, failed_count = 0, last_failed_at = NULL, locked_until = NULL WHERE id = ?').run(iso(now), id);
  }

  /** A new password also clears wrong attempts and a lock: it is what an owner's reset is for. */
  setPassword(id: number, passwordHash: string): void {
    this.db.prepare('UPDATE team_users SET password_hash = ?, failed_count = 0, last_failed_at = NULL, locked_until = NULL WHERE id = ?').run(passwordHash, id);
  }

  setRole(id: number, role: Role): void {
    this.db.prepare('UPDATE team_users SET role = ? WHERE id = ?').run(role, id);
  }

  remove(id: number, now: number): void {
    this.db.prepare('UPDATE team_users SET removed_at = ? WHERE id = ?').run(iso(now), id);
  }
}
