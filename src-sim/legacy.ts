// The legacy interface's route table: every endpoint of legacy-interface.md and the module that serves it.
import { sendEmail } from './email';
import { listMosms } from './inbox';
import { checkKeyword, createKeyword, deleteKeyword, listKeywords } from './keywords';
import { hlr, me, prices, usageByLabel } from './legacy-account';
import { deleteMtsms, getMtsms, refund } from './legacy-messages';
import { sendMtsms } from './legacy-sms';
import type { Route } from './routing';

export const legacyRoutes: Route[] = [
  { method: 'POST', path: '/rest/mtsms', auth: 'legacy', handler: sendMtsms },
  { method: 'GET', path: '/rest/mtsms', auth: 'legacy', handler: sendMtsms },
  { method: 'GET', path: '/rest/mtsms/:id', auth: 'legacy', handler: getMtsms },
  { method: 'DELETE', path: '/rest/mtsms/:id', auth: 'legacy', handler: deleteMtsms },
  { method: 'POST', path: '/rest/refund', auth: 'legacy', handler: refund },
  { method: 'GET', path: '/rest/mosms', auth: 'legacy', handler: listMosms },
  { method: 'POST', path: '/rest/hlr', auth: 'legacy', handler: hlr },
  { method: 'GET', path: '/rest/me', auth: 'legacy-401', handler: me },
  { method: 'POST', path: '/rest/email', auth: 'legacy', handler: sendEmail },
  { method: 'GET', path: '/api/prices/list/sms/:format', auth: 'none', handler: prices },
  { method: 'POST', path: '/api/usage/labels', auth: 'legacy', handler: usageByLabel },
  { method: 'GET', path: '/api/vas', auth: 'legacy', handler: listKeywords },
  { method: 'POST', path: '/api/vas/check', auth: 'legacy', handler: checkKeyword },
  { method: 'POST', path: '/api/vas', auth: 'legacy', handler: createKeyword },
  { method: 'DELETE', path: '/api/vas/:shortcode/:keyword', auth: 'legacy', handler: deleteKeyword },
];
