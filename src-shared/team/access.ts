// Who may make a call: the one rule the dispatcher enforces and the renderer uses to hide what a role cannot do.
import type { Access, Role } from '../contract/basics';

/** A caller's standing: a role on a server, `local` for this PC without a server (every call), null: not signed in. */
export type Standing = Role | 'local' | null;

export function allows(who: Access, standing: Standing): boolean {
  if (who === 'anyone') return true;
  if (standing === 'local' || standing === 'owner') return true;
  return who === 'staff' && standing === 'staff';
}
