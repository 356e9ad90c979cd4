// A colleague answers from a phone (issue 29): `npm run server` on 127.0.0.1 sending through the gateway simulator.
// The owner sets up on a desktop window and invites Bo; Bo joins on a 390×844 touch page. A customer writes, the
// owner assigns the conversation to Bo; the customer writes again while Bo is on another screen: his phone shows the
// notification, a tap opens the conversation, he answers with one tap. The owner's desktop window shows the answer
// "by Bo" live, and the simulator's ledger has the reply exactly once. Screenshots: test-results/team-phone-*.png.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { startSimulator, type Simulator } from '../../src-sim/index';
import { besked, launchBrowser, RESULTS } from './harness';
import { setUpOwner, startServer, type ServerProcess } from './team-server';

const PASSWORD = 'correct horse battery staple';
const TOKEN = 'e2e-team-phone-token';
// The simulator's number rule: ending in 1 is delivered.
const CUSTOMER = 4520304071;
const ANSWER = 'Yes, Saturday at 10 works. See you!';

let server: ServerProcess | null = null;
let sim: Simulator | null = null;
let browser: Browser | null = null;

async function ledger(): Promise<{ recipient: number; text: string }[]> {
  const res = await fetch(`${sim!.url}/_sim/ledger`, { headers: { authorization: `Token ${TOKEN}` } });
  return ((await res.json()) as { messages: { recipient: number; text: string }[] }).messages;
}

async function customerWrites(text: string): Promise<void> {
  const res = await fetch(`${sim!.url}/_sim/inbound`, {
    method: 'POST',
    headers: { authorization: `Token ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ msisdn: CUSTOMER, receiver: 1204, message: text }),
  });
  expect(res.status).toBeLessThan(300);
}

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
  await sim?.close();
});

describe('a colleague on a phone', () => {
  it('gets the assigned text as a notification, answers it, and the owner sees the answer by them live', async () => {
    mkdirSync(RESULTS, { recursive: true });
    sim = await startSimulator({ port: 0, token: TOKEN, log: () => undefined });
    server = await startServer('Salon Ida');
    browser = await launchBrowser();

    // The owner sets the server up on a desktop and points it at the gateway.
    const ownerContext = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1280, height: 820 } });
    const owner = await ownerContext.newPage();
    await owner.goto(server.url);
    await setUpOwner(owner, 'Anna', PASSWORD);
    await besked(owner, 'settings.update', { language: 'en', defaultSender: 'Salon Ida', endpoints: { default: { messagingUrl: sim.url, legacyUrl: sim.url } } });
    await besked(owner, 'settings.setToken', { platform: 'default', token: TOKEN });
    const { link } = await besked<{ link: string }>(owner, 'team.invite', { role: 'staff', name: 'Bo' });

    // Bo joins on his phone.
    const phoneContext = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const phone = await phoneContext.newPage();
    await phone.goto(link);
    await phone.waitForSelector('[data-testid="join-form"]');
    await phone.fill('[data-testid="team-password"] input', PASSWORD);
    await phone.fill('[data-testid="team-password-again"] input', PASSWORD);
    await phone.tap('[data-testid="join-submit"]');
    await phone.waitForSelector('[data-testid="phone-nav"]');
    await phone.addStyleTag({ content: '.n-message-container { visibility: hidden !important; }' });

    // A customer writes; the owner assigns the conversation to Bo.
    await customerWrites('Do you have time on Saturday?');
    await besked(owner, 'sync.now', {});
    const { members } = await besked<{ members: { id: number; name: string }[] }>(owner, 'team.members', {});
    await besked(owner, 'inbox.assign', { msisdn: CUSTOMER, userId: members.find((m) => m.name === 'Bo')!.id });
    await owner.evaluate((n) => (location.hash = `#/inbox?conversation=${n}`), CUSTOMER);
    await owner.waitForSelector('[data-testid="thread"]');

    // Bo is writing a text to a group when the customer writes again: his phone tells him.
    await phone.tap('[data-nav="compose"]');
    await phone.waitForSelector('[data-view="compose"]');
    await customerWrites('Around 10 if possible');
    await besked(owner, 'sync.now', {});
    await phone.waitForSelector('[data-testid="assigned-reply-open"]', { timeout: 20_000 });
    // On the screen, not past its edge.
    await phone.waitForTimeout(400);
    const box = (await phone.locator('.n-notification').boundingBox())!;
    expect(box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await phone.screenshot({ path: join(RESULTS, 'team-phone-notification.png') });
    await phone.tap('[data-testid="assigned-reply-open"]');
    await phone.waitForSelector('[data-testid="reply-input"]');
    await expect.poll(() => phone.textContent('[data-testid="thread"]')).toContain('Around 10 if possible');

    // One tap sends.
    await phone.fill('[data-testid="reply-input"] textarea', ANSWER);
    await phone.tap('[data-testid="reply-send"]');
    await expect.poll(() => owner.textContent('[data-testid="thread"]'), { timeout: 15_000 }).toContain(ANSWER);
    await expect.poll(() => owner.textContent('[data-testid="thread"]')).toContain('by Bo');
    await phone.screenshot({ path: join(RESULTS, 'team-phone-answered.png') });
    await owner.screenshot({ path: join(RESULTS, 'team-phone-owner-sees-answer.png') });

    // The gateway got the answer once.
    await expect.poll(async () => (await ledger()).filter((m) => m.text === ANSWER).length, { timeout: 20_000 }).toBe(1);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await ledger()).filter((m) => m.text === ANSWER && m.recipient === CUSTOMER)).toHaveLength(1);
  }, 180_000);
});
