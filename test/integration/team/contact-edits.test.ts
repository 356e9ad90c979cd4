// Two users editing one contact over the wire: the later save of a field the other changed meanwhile is refused
// (contact.changedMeanwhile, naming the field) instead of silently overwriting it; the user then reads the other's
// values and chooses. Fields only one of them changed are both kept, and two saves at the same moment make one win.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTeamWorld, type TeamClient, type TeamWorld } from './harness';

let world: TeamWorld;
let bo: TeamClient;
let cy: TeamClient;
let id: number;

beforeAll(async () => {
  world = await startTeamWorld();
  const anna = await world.owner('Anna');
  bo = await world.invite('Bo');
  cy = await world.invite('Cy');
  id = (await anna.ok('contacts.create', { phone: '+4520400001', firstName: 'Ida', company: 'Salon Ida' })).id;
});
afterAll(async () => {
  await world?.close();
});

const revisionOf = async (w: TeamClient) => (await w.ok('contacts.get', { id })).revision;

describe('one contact, two editors', () => {
  it('refuses the later save of a field changed meanwhile, and keeps the earlier one', async () => {
    const opened = await revisionOf(bo);
    expect(await revisionOf(cy)).toBe(opened);
    const since = cy.events.length;
    await bo.ok('contacts.update', { id, revision: opened, firstName: 'Ida Marie' });
    // Cy's window is told the contacts changed.
    await cy.waitForEvent('contacts.changed', (p) => p.reason === 'updated', { since });

    const e = await cy.fails('contacts.update', { id, revision: opened, firstName: 'Ide' });
    expect({ kind: e.kind, code: e.code, fields: e.fields?.map((f) => f.path) }).toEqual({ kind: 'conflict', code: 'contact.changedMeanwhile', fields: [['firstName']] });
    const now = await cy.ok('contacts.get', { id });
    expect(now.firstName).toBe('Ida Marie');

    // Cy looked and keeps hers: saved again from the revision she has now seen.
    await cy.ok('contacts.update', { id, revision: now.revision, firstName: 'Ide' });
    expect((await bo.ok('contacts.get', { id })).firstName).toBe('Ide');
  });

  it('keeps both when each changed a different field', async () => {
    const opened = await revisionOf(bo);
    await bo.ok('contacts.update', { id, revision: opened, company: 'Salon Ide' });
    await cy.ok('contacts.update', { id, revision: opened, email: 'ide@example.dk' });
    const saved = await bo.ok('contacts.get', { id });
    expect({ company: saved.company, email: saved.email }).toEqual({ company: 'Salon Ide', email: 'ide@example.dk' });
  });

  it('lets one of two saves at the same moment win, and refuses the other', async () => {
    const opened = await revisionOf(bo);
    const answers = await Promise.all([
      bo.call('contacts.update', { id, revision: opened, lastName: 'Hansen' }),
      cy.call('contacts.update', { id, revision: opened, lastName: 'Jensen' }),
    ]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    const refused = answers.find((a) => !a.ok);
    expect(refused && !refused.ok && refused.error.code).toBe('contact.changedMeanwhile');
    const winner = answers[0]!.ok ? 'Hansen' : 'Jensen';
    expect((await cy.ok('contacts.get', { id })).lastName).toBe(winner);
  });
});
