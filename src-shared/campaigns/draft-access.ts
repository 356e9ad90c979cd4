// Drafts belong to their author unless shared (issue 21): who on a Besked server sees a draft and who may change it.
// One rule for the core, which refuses and filters by it, and the campaign list, which marks what it shows. Once a
// campaign is sent it is everyone's; on one PC (no accounts) every draft is, as before.
import type { Role } from '../contract/basics';

export interface DraftFacts {
  state: string;
  /** The user who wrote it; null: written on one PC, before accounts, or by an automation. */
  authorId: number | null;
  shared: boolean;
}

export interface Viewer {
  kind: 'local' | 'remote';
  userId: number | null;
  role: Role | null;
}

/**
 * - edit: sees it and may change, send, share and delete it.
 * - view: an owner looking at someone else's private draft: listed, marked as theirs, and may delete it (a removed
 *   colleague's draft), but not change or send it.
 * - hidden: not listed; asked for by id, it does not exist.
 */
export type DraftAccess = 'edit' | 'view' | 'hidden';

export function draftAccess(d: DraftFacts, viewer: Viewer): DraftAccess {
  if (d.state !== 'draft' || d.shared || d.authorId === null || viewer.kind === 'local') return 'edit';
  if (viewer.userId === d.authorId) return 'edit';
  return viewer.role === 'owner' ? 'view' : 'hidden';
}

/** Whether the viewer may make a draft private or shared: its author only (a draft without one stays everyone's). */
export function maySetSharing(d: DraftFacts, viewer: Viewer): boolean {
  return d.state === 'draft' && d.authorId !== null && viewer.kind === 'remote' && viewer.userId === d.authorId;
}

/** Who is told of a private draft's changes on a server: its author and the owners (null: everyone). */
export function draftAudience(d: DraftFacts): { userIds: number[]; roles: 'owner'[] } | null {
  return d.state === 'draft' && !d.shared && d.authorId !== null ? { userIds: [d.authorId], roles: ['owner'] } : null;
}
