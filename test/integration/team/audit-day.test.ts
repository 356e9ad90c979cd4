// The audit trail after a scripted day of work on a Besked server: the owner and two staff users, each in their own
// window over TLS, set up, import, compose and send, answer a customer, try an export staff may not make, opt a
// number out and change a setting. audit.list then holds exactly the script's audited steps, newest first, each
// with who, from where and what, and no secret; a removed user's entries stay under their name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../src-shared/contract';
import { draft } from '../campaigns/helpers';
import { PASSWORD, startTeamWorld, type TeamClient, type TeamWorld } from './harness';

let world: TeamWorld;
let anna: TeamClient;
let bo: TeamClient;
let cy: TeamClient;

/** Imports a small CSV the way the renderer does: upload, preview, run. */
async function importCsv(w: TeamClient, csv: string): Promise<void> {
  const bytes = Buffer.from(csv);
  const { importId } = await w.ok('contacts.importBegin', { fileName: 'kunder.csv', bytes: bytes.length });
  await w.ok('contacts.importChunk', { importId, offset: 0, base64: bytes.toString('base64') });
  const preview = await w.ok('contacts.importPreview', { importId });
  await w.ok('contacts.importRun', { importId, mapping: preview.mapping, defaultCountry: 'DK', mergeRule: 'fillEmpty', group: { kind: 'new', name: 'Kunder' } });
}

/** What the script did, in order: who, which audited call, and how it ended. */
const script: [string, AuditEntry['action'], string, AuditEntry['outcome']][] = [];
const did = (who: string, action: AuditEntry['action'], call: string, outcome: AuditEntry['outcome'] = 'ok') => script.push([who, action, call, outcome]);

beforeAll(async () => {
  world = await startTeamWorld();
  // Morning: Anna sets the server up and invites Bo and Cy.
  anna = await world.owner('Anna');
  did('Anna', 'users', 'team.setupOwner');
  bo = await world.invite('Bo');
  did('Anna', 'users', 'team.invite');
  did('Bo', 'users', 'team.acceptInvitation');
  cy = await world.invite('Cy');
  did('Anna', 'users', 'team.invite');
  did('Cy', 'users', 'team.acceptInvitation');

  // Bo imports the customer list (an import may opt numbers in or out: consent).
  await importCsv(bo, 'Fornavn;Mobil\r\nIda;+4520300001\r\nOle;+4520300002\r\nEva;+4520300003\r\n');
  did('Bo', 'consent', 'contacts.importRun');

  // Bo composes the weekend offer and sends it; composing is not audited, sending is.
  const groupId = (await bo.ok('groups.list', {})).groups.find((g) => g.name === 'Kunder')!.id;
  const { id } = await bo.ok('campaigns.create', {});
  const offer = draft({ name: 'Weekendtilbud', text: 'Hej {first_name}, 20% i weekenden!', recipients: { contactIds: [], groupIds: [groupId], searches: [], numbers: [] } });
  await bo.ok('campaigns.saveDraft', { id, draft: offer });
  await bo.ok('compose.preview', { draft: offer });
  await bo.ok('campaigns.send', { id });
  did('Bo', 'send', 'campaigns.send');

  // A customer answers; Cy replies to her.
  await cy.ok('sandbox.reply', { phone: '+4520300001', text: 'Gælder det også online?' });
  await cy.ok('inbox.reply', { msisdn: 4520300001, text: 'Ja, også online.' });
  did('Cy', 'send', 'inbox.reply');

  // Cy tries to export every contact: the owner's, refused and recorded.
  const refused = await cy.fails('contacts.export', { selection: { filter: {} }, format: 'csv' });
  expect(refused.code).toBe('team.notAllowed');
  did('Cy', 'export', 'contacts.export', 'refused');

  // Ole asked not to get texts: Bo opts him out.
  const ole = (await bo.ok('contacts.list', { filter: { search: 'Ole' } })).rows[0]!;
  await bo.ok('contacts.optOut', { selection: { ids: [ole.id] }, note: 'Ringede ind' });
  did('Bo', 'consent', 'contacts.optOut');

  // Evening: Anna raises the low-balance warning.
  await anna.ok('settings.update', { lowBalanceThreshold: 250 });
  did('Anna', 'settings', 'settings.update');
});
afterAll(async () => {
  await world?.close();
});

describe('the audit trail of a day', () => {
  it('holds exactly the audited steps of the script, newest first', async () => {
    const { entries, more } = await anna.ok('audit.list', { limit: 500 });
    expect(more).toBe(false);
    expect(entries.map((e) => [e.userName, e.action, e.call, e.outcome])).toEqual([...script].reverse());
  });

  it('says who, in which role and from where, and keeps secrets out', async () => {
    const { entries } = await anna.ok('audit.list', { limit: 500 });
    const roles = Object.fromEntries(entries.map((e) => [e.userName, e.role]));
    expect(roles).toEqual({ Anna: 'owner', Bo: 'staff', Cy: 'staff' });
    expect(new Set(entries.map((e) => e.address))).toEqual(new Set(['127.0.0.1']));
    for (const e of entries) {
      expect(e.userId, `${e.call} of ${e.userName}`).not.toBeNull();
      expect(e.detail).not.toContain(PASSWORD);
      // A secret's key may stay, to say it was given; its value never does.
      for (const m of e.detail.matchAll(/"(password|token|code|base64|current|next)":("[^"]*")/g)) expect(m[2], e.call).toBe('"[removed]"');
    }
    expect(entries.find((e) => e.call === 'contacts.export')!.error).toMatch(/owner/i);
    expect(entries.find((e) => e.call === 'inbox.reply')!.detail).toContain('Ja, også online.');
  });

  it('filters by user and action, pages back, and exports what it shows', async () => {
    const bos = (await anna.ok('team.users', {})).users.find((u) => u.name === 'Bo')!.id;
    const byBo = await anna.ok('audit.list', { userId: bos });
    expect(byBo.entries.map((e) => e.call)).toEqual(['contacts.optOut', 'campaigns.send', 'contacts.importRun', 'team.acceptInvitation']);
    const sends = await anna.ok('audit.list', { action: 'send' });
    expect(sends.entries.map((e) => [e.userName, e.call])).toEqual([
      ['Cy', 'inbox.reply'],
      ['Bo', 'campaigns.send'],
    ]);
    const first = await anna.ok('audit.list', { limit: 4 });
    expect(first.more).toBe(true);
    const next = await anna.ok('audit.list', { limit: 4, before: first.entries.at(-1)!.id });
    expect([...first.entries, ...next.entries].map((e) => e.call)).toEqual([...script].reverse().slice(0, 8).map((s) => s[2]));
    const csv = Buffer.from((await anna.ok('audit.export', { action: 'send' })).base64, 'base64').toString('utf8');
    // The header, the two sends, and the last line on the whole trail's hash chain.
    const lines = csv.split(/\r\n/).filter(Boolean);
    expect(lines).toHaveLength(4);
    expect(lines.at(-1)).toMatch(/^chain,.*verified: all \d+ entries of the trail are unbroken/);
    expect(csv).toContain('inbox.reply');
  });

  it("is the owner's alone, and keeps a removed user's entries under their name", async () => {
    expect((await bo.fails('audit.list', {})).code).toBe('team.notAllowed');
    const cyId = (await anna.ok('team.users', {})).users.find((u) => u.name === 'Cy')!.id;
    await anna.ok('team.remove', { userId: cyId });
    const { entries } = await anna.ok('audit.list', { userId: cyId });
    expect(entries.map((e) => [e.userName, e.call])).toEqual([
      ['Cy', 'contacts.export'],
      ['Cy', 'inbox.reply'],
      ['Cy', 'team.acceptInvitation'],
    ]);
  });
});
