// "May the signed-in user make this call?", read from the contract's own rules (callRules with allows), so the views
// hide or disable what the core would refuse; never a second table. On one PC every call is allowed. It imports the
// zod-free call-rules module, so the first view does not load the contract's schemas (issue 29).
import type { CallName } from '../../src-shared/contract';
import { callRules } from '../../src-shared/contract/call-rules';
import { allows, type Standing } from '../../src-shared/team/access';
import { useTeamStore } from '../stores/team';

/** The rule itself, for a standing: pure, so a table test can read it without a store. */
export function canCall(name: CallName, standing: Standing): boolean {
  return allows(callRules[name].who, standing);
}

/** For views and components: reactive in templates and computeds, since it reads the team store's standing. */
export function useCan(): (name: CallName) => boolean {
  const team = useTeamStore();
  return (name) => canCall(name, team.standing);
}
