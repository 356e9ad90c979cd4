// Who may make each team.* call and which are audited (issue 21): zod-free, so the views' useCan reads it without
// loading the contract's schemas; the compiler checks it has one rule for every call of ../team.ts, and no other.
import type { teamCalls } from '../team';
import { STAFF_READS, ANYONE_READS, ANYONE, STAFF, OWNER, rule, type RuleTable } from './rule';

export const teamRules = {
  'team.status': ANYONE_READS,
  'team.setupOwner': rule('anyone', 'users'),
  'team.signIn': ANYONE,
  'team.resume': ANYONE,
  'team.signOut': STAFF,
  'team.signOutEverywhere': STAFF,
  'team.changePassword': rule('staff', 'users'),
  'team.members': STAFF_READS,
  'team.users': OWNER,
  'team.invite': rule('owner', 'users'),
  'team.revokeInvitation': rule('owner', 'users'),
  'team.invitationInfo': ANYONE,
  'team.acceptInvitation': rule('anyone', 'users'),
  'team.resetPassword': rule('owner', 'users'),
  'team.setRole': rule('owner', 'users'),
  'team.remove': rule('owner', 'users'),
  'team.endSessions': rule('owner', 'users'),
} as const satisfies RuleTable<typeof teamCalls>;
