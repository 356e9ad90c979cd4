// Child for the crash-output test: starts a core as web mode does (logger, crash guard), goes live with a token,
// then dies of an error that carries the token. argv: dataDir token how ('throw' | 'reject' | 'object') guard ('guard' | 'bare')
import { join } from 'node:path';
import { startCore } from '../../../src-main/core/core';
import { installCrashGuard } from '../../../src-main/core/crash-guard';
import { createLogger } from '../../../src-main/core/log';
import { MemoryVault } from '../../../src-main/core/secrets/vault';

const [dataDir, token, how, guard] = process.argv.slice(2) as [string, string, string, string];
const log = createLogger({ file: join(dataDir, 'besked.log'), echo: true });
if (guard === 'guard') installCrashGuard({ log });
const core = await startCore({ dataDir, shell: 'web', version: 't', vault: new MemoryVault(), log });
const r = await core.dispatch('settings.setToken', { platform: 'default', token });
if (!r.ok) throw new Error('setToken failed');
log.info('live', { note: `about to fail with ${token}` });

// A bug deep in the core that puts the token into an error: the message, a property, a cause.
const bug = Object.assign(new Error(`request with Token ${token} failed`), { headers: { authorization: `Token ${token}` } });
setTimeout(() => {
  if (how === 'throw') throw bug;
  if (how === 'reject') void Promise.reject(new Error('outer', { cause: bug }));
  if (how === 'object') void Promise.reject({ request: { authorization: `Token ${token}` } });
}, 10);
setInterval(() => undefined, 1000);
