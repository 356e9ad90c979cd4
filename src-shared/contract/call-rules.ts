// Every call's rule, merged from the domains' zod-free tables in rules/: the dispatcher enforces it, the views' useCan
// reads it. It loads no schema, so a phone's first view carries the rules without zod and the contract (issue 29).
import type { Calls } from './index';
import type { CallRule } from './rules/rule';
import { appRules } from './rules/app';
import { settingsRules } from './rules/settings';
import { accountRules } from './rules/account';
import { contactsRules } from './rules/contacts';
import { importRules } from './rules/import';
import { campaignsRules } from './rules/campaigns';
import { composeRules } from './rules/compose';
import { inboxRules } from './rules/inbox';
import { syncRules } from './rules/sync';
import { messagesRules } from './rules/messages';
import { sandboxRules } from './rules/sandbox';
import { automationsRules } from './rules/automations';
import { teamRules } from './rules/team';
import { auditRules } from './rules/audit';
import { remoteRules } from './rules/remote';
import { privacyRules } from './rules/privacy';
import { backupRules } from './rules/backup';

/**
 * Who may make each call and whether it is audited, declared beside the call's domain (issue 21). The dispatcher
 * enforces it for every transport; a test makes every call as each role and as no one against this table.
 */
export const callRules = {
  ...appRules,
  ...settingsRules,
  ...accountRules,
  ...contactsRules,
  ...importRules,
  ...campaignsRules,
  ...composeRules,
  ...inboxRules,
  ...syncRules,
  ...messagesRules,
  ...sandboxRules,
  ...automationsRules,
  ...teamRules,
  ...auditRules,
  ...remoteRules,
  ...privacyRules,
  ...backupRules,
} as const satisfies { readonly [N in keyof Calls]: CallRule };
