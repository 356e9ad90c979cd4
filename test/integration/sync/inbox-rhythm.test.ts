// The inbox's rhythm against a real core and the test gateway (issue 30.4): with the quiet interval set to an hour,
// a keyword rule still answers within seconds, and a text sent or received brings the next look forward, without
// anyone pressing refresh.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually, startTestCore, type TestCore } from '../inbox/core-fixture';
import { activate, draftOf, keyword, ledger } from '../automations/replies-fixture';

let t: TestCore;
beforeEach(async () => {
  t = await startTestCore();
  await t.call('settings.update', { inboxPollSeconds: 3600 });
});
afterEach(async () => {
  await t.close();
});

const stored = () => (t.core.db.prepare('SELECT count(*) AS n FROM inbound_messages').get() as { n: number }).n;
/** Waits for the poller's first look (3 s after start), so the texts below arrive between looks. */
const firstLook = () => eventually(() => expect(t.core.sync.inboxPoller.cursor('sandbox')).not.toBeNull(), 20_000);

describe('the inbox rhythm', () => {
  it('answers a keyword within seconds although the quiet interval is an hour', async () => {
    activate(t, draftOf('Åbningstider', keyword({ keywords: ['ÅBEN'] }), 'Vi har åbent 9-17'));
    await firstLook();
    await t.inbound(4520000001, 'Åben i dag?');
    // The keyword pace (8 s) plus one outbox round; an hour without the rhythm.
    const reply = await eventually(async () => {
      const l = await ledger(t);
      if (l.length === 0) throw new Error('no reply yet');
      return l;
    }, 20_000);
    expect(reply.map((m) => [m.recipient, m.text])).toEqual([[4520000001, 'Vi har åbent 9-17']]);
  });

  it('looks again within seconds after a text goes out, so the answer shows soon', async () => {
    await firstLook();
    const contact = await t.call('contacts.create', { firstName: 'Karen', phone: '+4520000002' });
    await t.call('inbox.reply', { msisdn: contact.msisdn, text: 'Din tid er i morgen kl. 10', sender: 'Salonen' });
    await t.inbound(4520000002, 'Tak, jeg kommer');
    await eventually(() => expect(stored()).toBe(1), 20_000);
  });
});
