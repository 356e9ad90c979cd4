// Child process for the crash test: a core pointed at the parent's simulator sends a campaign until it is killed.
// argv: dataDir simUrl token
import { startCore } from '../../../src-main/core/core';
import { MemoryVault } from '../../../src-main/core/secrets/vault';
import { createLogger } from '../../../src-main/core/log';

const [dataDir, base, token] = process.argv.slice(2) as [string, string, string];
const core = await startCore({ dataDir, shell: 'web', version: 't', vault: new MemoryVault(), log: createLogger({ level: 'error' }), campaigns: { chunkSize: 2, batchSize: 3 } });
const must = async (name: string, input: unknown) => {
  const r = await core.dispatch(name, input);
  if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
  return r.value as { id: number };
};
await must('settings.update', { sandbox: false, endpoints: { default: { messagingUrl: base, legacyUrl: base } } });
await must('settings.setToken', { platform: 'default', token });
const { id } = await must('campaigns.create', {});
const numbers = Array.from({ length: 10 }, (_, i) => `+${4520001000 + i}`);
await must('campaigns.saveDraft', {
  id,
  draft: {
    name: 'Crash',
    channel: 'legacy',
    sender: 'Besked',
    text: 'Hello',
    fallbacks: {},
    options: { label: '', priority: 'normal', validitySeconds: null, messageClass: 'standard', flash: false },
    recipients: { contactIds: [], groupIds: [], searches: [], numbers },
    sendAt: null,
  },
});
await must('campaigns.send', { id, liveAcknowledged: true });
process.stdout.write(`sent ${id}\n`);
// Runs until the parent kills it.
setInterval(() => undefined, 1000);
