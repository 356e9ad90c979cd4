// A welcome run's rows move in slices with the event loop turning between them (issue 30.3): the core answers its
// callers while 10,000 rows go from planned to sending and from sending to sent, instead of holding the loop for
// seconds. Watched from the loop itself: a probe that reads the counts at every turn sees the run half-way.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { eventually, startTestCore, type TestCore } from '../inbox/core-fixture';
import { activate, draftOf } from './replies-fixture';

let t: TestCore;
beforeEach(async () => {
  t = await startTestCore();
});
afterEach(async () => {
  await t.close();
});

it('records an import of 600 welcomed as one run, and moves it to sending and to sent, in slices with the loop turning between them', async () => {
  const club = await t.call('groups.create', { name: 'Klubben' });
  const rule = activate(t, draftOf('Velkommen', { kind: 'welcome', groupId: club.id }, 'Velkommen, {first_name}!'));
  const count = t.core.db.prepare('SELECT COUNT(*) FROM automation_occurrences WHERE automation_id = ? AND state = ?').pluck();
  const queue = t.core.db.prepare('SELECT COUNT(*) FROM automation_welcome_queue').pluck();
  const seen = { queued: new Set<number>(), planned: new Set<number>(), sent: new Set<number>() };
  let watching = true;
  const probe = () => {
    if (!watching) return;
    seen.queued.add(queue.get() as number);
    seen.planned.add(count.get(rule, 'planned') as number);
    seen.sent.add(count.get(rule, 'sent') as number);
    setImmediate(probe);
  };
  setImmediate(probe);
  // More than a slice (MOVES_PER_TURN, run-campaign.ts) twice over.
  const rows = Array.from({ length: 600 }, (_, i) => `Kunde${i};${29000000 + i}`);
  const bytes = Buffer.from(`Fornavn;Mobil\r\n${rows.join('\r\n')}\r\n`, 'utf8');
  const { importId } = await t.call('contacts.importBegin', { fileName: 'kunder.csv', bytes: bytes.length });
  await t.call('contacts.importChunk', { importId, offset: 0, base64: bytes.toString('base64') });
  const p = await t.call('contacts.importPreview', { importId });
  await t.call('contacts.importRun', { importId, mapping: p.mapping, defaultCountry: 'DK', mergeRule: 'fillEmpty', group: { kind: 'existing', id: club.id } });
  await eventually(() => {
    if ((count.get(rule, 'sent') as number) < 600) throw new Error('not all sent yet');
  }, 60_000);
  watching = false;
  // Between none and all: the loop turned while the run was half recorded, and while its rows were half moved, both ways.
  expect([...seen.queued].some((n) => n > 0 && n < 600)).toBe(true);
  expect([...seen.planned].some((n) => n > 0 && n < 600)).toBe(true);
  expect([...seen.sent].some((n) => n > 0 && n < 600)).toBe(true);
});
