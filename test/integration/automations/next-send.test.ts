// One "next send" (issue 27.6): the list's next send, the editor's first next send and the run scheduled in
// Campaigns agree, also when that run was already handed to the gateway ahead (the due index has moved past it).
import { afterEach, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { perTest, type TestCore } from '../campaigns/helpers';
import { activate, birthdays, message, occurrences, simNow } from './runner-helpers';

const p = perTest();
afterEach(() => p.after());

const zone = 'Europe/Copenhagen';

function addContact(t: TestCore, msisdn: number, birthday: string): void {
  const at = new Date().toISOString();
  t.core.db
    .prepare('INSERT INTO contacts (first_name, e164, msisdn, custom, sort_key, search_phone, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
    .run('P', `+${msisdn}`, msisdn, JSON.stringify({ birthday }), 'p', String(msisdn), at, at);
}

describe('the next send', () => {
  it('is the same in the list, the editor and Campaigns when the next run was handed over ahead', async () => {
    const t = await p.core();
    await t.ok('settings.update', { automations: { lookAheadHours: 72, graceMinutes: 120 } });
    const today = DateTime.fromMillis(await simNow(t), { zone });
    // One birthday two days on (inside the look-ahead: handed over at once), one twenty days on.
    addContact(t, 4530100001, today.plus({ days: 2 }).toFormat('dd-MM-1980'));
    addContact(t, 4530100002, today.plus({ days: 20 }).toFormat('dd-MM-1981'));
    const id = await activate(t, birthdays, { name: 'Birthday' });
    const [run] = occurrences(t, id);
    expect(run!.state).toBe('handed_over');
    const campaign = await t.ok('campaigns.get', { id: run!.campaign_id! });
    expect(campaign.state).toBe('scheduled');

    const listed = (await t.ok('automations.list', {})).automations.find((a) => a.id === id)!;
    const editor = await t.ok('automations.preview', { id, draft: { name: 'Birthday', timeZone: zone, spec: birthdays, message: message() } });
    expect(Date.parse(listed.nextRunAt!)).toBe(Date.parse(campaign.sendAt!));
    expect(Date.parse(editor.occurrences[0]!.at)).toBe(Date.parse(campaign.sendAt!));
  });
});
