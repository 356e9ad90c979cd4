// Working together: a change one user makes reaches every signed-in window of the team without reloading (20 of
// them here: contacts, campaigns, the inbox and its unread count), never a window that has not signed in, and an
// event meant for some (owners, one assignee) reaches only them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventName, EventPayload } from '../../../src-shared/contract';
import { startTeamWorld, type TeamClient, type TeamWorld } from './harness';
import { draft, numbers } from '../campaigns/helpers';

const WINDOWS = 20;
let world: TeamWorld;
let team: TeamClient[];
let stranger: TeamClient;

beforeAll(async () => {
  // Quick lockout timings: the lockout test below guesses until the lock, not for minutes.
  world = await startTeamWorld({ timings: { slowAfter: 3, slowMs: 20, lockAfter: 5 } });
  team = [await world.owner('Anna')];
  for (let i = 1; i < WINDOWS; i++) team.push(await world.invite(`Kollega ${i}`));
  stranger = await world.connect('not signed in');
});
afterAll(async () => {
  await world?.close();
});

/** Every window of the team gets the event (after index `since` of its own list) within the time. */
async function everyoneSees<E extends EventName>(name: E, since: number[], match?: (p: EventPayload<E>) => boolean) {
  await Promise.all(team.map((w, i) => w.waitForEvent(name, match, { since: since[i]!, timeoutMs: 10_000 })));
}
const marks = () => team.map((w) => w.events.length);

describe('events reach every window of the team', () => {
  it('a contact added by one colleague', async () => {
    const since = marks();
    await team[7]!.ok('contacts.create', { phone: '+4520111222', firstName: 'Ida' });
    await everyoneSees('contacts.changed', since, (p) => p.reason === 'created');
  });

  it('a campaign sent by one colleague, to its end', async () => {
    const since = marks();
    const { id } = await team[3]!.ok('campaigns.create', {});
    await team[3]!.ok('campaigns.saveDraft', { id, draft: draft({ recipients: { contactIds: [], groupIds: [], searches: [], numbers: numbers(500, 3) } }) });
    await team[3]!.ok('campaigns.send', { id });
    await everyoneSees('campaign.changed', since, (p) => p.id === id && p.summary?.state === 'sent');
  });

  it('a customer text in the shared inbox, with the unread count', async () => {
    const since = marks();
    await team[5]!.ok('sandbox.reply', { phone: '+4520111222', text: 'Har I åbent lørdag?' });
    await everyoneSees('inbox.received', since, (p) => p.message.text === 'Har I åbent lørdag?');
    await everyoneSees('inbox.unread', since);
  });

  it('never to a window that has not signed in', () => {
    expect(stranger.events).toEqual([]);
  });
});

describe('events meant for some', () => {
  it('tells owners, and only owners, of a lockout', async () => {
    const since = marks();
    const attacker = await world.connect('attacker');
    // The guesser is never told of the lock (every answer is team.wrongCredentials): it guesses until the owner hears.
    for (let i = 0; !team[0]!.events.slice(since[0]!).some((e) => e.event === 'team.lockout'); i++) {
      expect((await attacker.fails('team.signIn', { name: 'Kollega 2', password: `wrong password ${i}` })).code).toBe('team.wrongCredentials');
      await new Promise((r) => setTimeout(r, 25 * 2 ** Math.max(0, i - 2)));
    }
    const told = await team[0]!.waitForEvent('team.lockout', undefined, { since: since[0]! });
    expect(told).toMatchObject({ name: 'Kollega 2' });
    expect(team.slice(1).flatMap((w, i) => w.events.slice(since[i + 1]!).filter((e) => e.event === 'team.lockout'))).toEqual([]);
    expect(attacker.events).toEqual([]);
  });

  it('tells the assignee, and only them, of a new text in their conversation', async () => {
    const msisdn = 4520111222;
    const bo = team[4]!;
    const boId = (await team[0]!.ok('team.members', {})).members.find((m) => m.name === 'Kollega 4')!.id;
    await team[0]!.ok('inbox.assign', { msisdn, userId: boId });
    const since = marks();
    await team[5]!.ok('sandbox.reply', { phone: `+${msisdn}`, text: 'Hallo igen' });
    expect(await bo.waitForEvent('inbox.assignedReply', undefined, { since: since[4]! })).toMatchObject({ msisdn, text: 'Hallo igen' });
    await everyoneSees('inbox.received', since);
    const others = team.filter((w) => w !== bo).flatMap((w) => w.events.slice(since[team.indexOf(w)]!).filter((e) => e.event === 'inbox.assignedReply'));
    expect(others).toEqual([]);
  });
});
