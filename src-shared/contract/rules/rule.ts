// How a call declares who may make it and whether it is audited (issue 21), without zod: the views' useCan reads the
// rules tables on a phone's first view, where the contract's schemas are not loaded (issue 29).

/** A team member's role on a Besked server: the owner may do everything, staff the daily work. */
export const ROLES = ['owner', 'staff'] as const;

/**
 * Who may make a call on a Besked server: `anyone` also before signing in (status, sign-in, invitations), `staff`
 * every signed-in user, `owner` only owners. On one PC without a server every call is the owner's.
 */
export type Access = 'anyone' | 'staff' | 'owner';

/** What an audited call does; every call that sends, spends, deletes, exports, changes consent, settings or users. */
export const AUDIT_ACTIONS = ['send', 'spend', 'delete', 'export', 'consent', 'settings', 'users'] as const;

export interface CallRule {
  who: Access;
  /** Set when every use of the call is written to the audit trail. */
  audit?: (typeof AUDIT_ACTIONS)[number];
  /**
   * Set on a call that only reads. It runs at once while an import saves; every other call waits for the save's
   * commit without holding the core (src-main/core/db/write-gate.ts). A call marked so that does write still works,
   * but holds the core while it waits for the save.
   */
  reads?: true;
}

/** One rule per call of a domain table, no more and no fewer (the compiler checks both). */
export type RuleTable<C> = { readonly [K in keyof C]: CallRule };

export const rule = (who: Access, audit?: CallRule['audit']): CallRule => (audit ? { who, audit } : { who });
export const ANYONE = rule('anyone');
export const STAFF = rule('staff');
export const OWNER = rule('owner');
/** A call that only reads (CallRule.reads), by who may make it. */
export const reads = (r: CallRule): CallRule => ({ ...r, reads: true });
export const STAFF_READS = reads(STAFF);
export const OWNER_READS = reads(OWNER);
export const ANYONE_READS = reads(ANYONE);
