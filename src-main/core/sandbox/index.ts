// Sandbox as a module of the core: the test tools that play a customer (a reply, STOP) and the phone network (an
// unreachable number, time passing) on the built-in test gateway; exports the sandbox.* handlers.
import type { DomainCallName, SandboxState } from '../../../src-shared/contract';
import { coded } from '../../../src-shared/error-codes';
import { normalisePhone, phoneRejectionMessage, type Phone } from '../../../src-shared/phone';
import type { Connection } from '../account/connection';
import { defaultCountry } from '../contacts/contact-prefs';
import type { Db } from '../db/database';
import type { Handlers } from '../dispatch';
import { BeskedError } from '../errors';
import { TestGateway } from './test-gateway';

export interface SandboxModuleOptions {
  db: Db;
  connection: Pick<Connection, 'target'>;
  /** Fetches new replies now, so a reply played here shows in the inbox at once. */
  refreshInbox: () => Promise<unknown>;
  /** Looks at every open message now: moving the clock made reports due that no poll plan expects yet. */
  refreshStatuses: () => Promise<unknown>;
  /** The test gateway's clock moved: the automations look for runs that fell due (sandbox.advanceClock). */
  clockMoved?: () => void;
}

/** Where a customer's reply arrives: the shared short code, which the test gateway's inbox lists like any number. */
const REPLY_RECEIVER = 1204;

/** What the test gateway does to messages for a number made unreachable: an absent subscriber (0x1420). */
const UNREACHABLE = 'undeliverable';

export function createSandboxModule(o: SandboxModuleOptions): { handlers: Pick<Handlers, DomainCallName<'sandbox'>> } {
  const gw = new TestGateway(o.connection);

  async function state(): Promise<SandboxState> {
    const [clock, outcomes] = await Promise.all([
      gw.control<{ now: string }>('GET', '/_sim/clock'),
      gw.control<{ numbers: Record<string, string> }>('GET', '/_sim/outcomes'),
    ]);
    const unreachable = Object.entries(outcomes.numbers)
      .filter(([, outcome]) => outcome === UNREACHABLE)
      .map(([msisdn]) => `+${msisdn}`);
    return { now: clock.now, unreachable };
  }

  /** The phone of a contact or of a typed number; checked after the mode, so live never gets this far. */
  function phoneOf(who: { contactId?: number | undefined; phone?: string | undefined }): Phone {
    const hasPhone = who.phone !== undefined && who.phone !== '';
    if ((who.contactId === undefined) === !hasPhone) {
      throw new BeskedError('validation', 'Pick a contact or type a phone number (not both).', coded('sandbox.whoMissing'));
    }
    if (who.contactId !== undefined) {
      const row = o.db.prepare('SELECT e164 FROM contacts WHERE id = ?').get(who.contactId) as { e164: string } | undefined;
      if (!row) throw new BeskedError('not_found', 'This contact no longer exists.', coded('contact.notFound'));
      return asPhone(row.e164);
    }
    return asPhone(who.phone!, defaultCountry(o.db));
  }

  return {
    handlers: {
      'sandbox.state': async () => {
        await gw.ensureSandbox();
        return state();
      },
      'sandbox.reply': async ({ text, ...who }) => {
        await gw.ensureSandbox();
        const phone = phoneOf(who);
        await gw.control('POST', '/_sim/inbound', { msisdn: phone.msisdn, receiver: REPLY_RECEIVER, message: text });
        await o.refreshInbox();
        return { from: phone.e164 };
      },
      'sandbox.setReachable': async ({ reachable, ...who }) => {
        await gw.ensureSandbox();
        const phone = phoneOf(who);
        await gw.control('PUT', '/_sim/outcomes', { numbers: { [phone.msisdn]: reachable ? null : UNREACHABLE } });
        return state();
      },
      'sandbox.advanceClock': async ({ seconds }) => {
        await gw.ensureSandbox();
        await gw.control('POST', '/_sim/clock', { advance_seconds: seconds });
        await Promise.all([o.refreshStatuses(), o.refreshInbox()]);
        o.clockMoved?.();
        return state();
      },
    },
  };
}

function asPhone(text: string, country?: Parameters<typeof normalisePhone>[1]): Phone {
  const p = normalisePhone(text, country);
  if (!p.ok) {
    const message = phoneRejectionMessage(p.reason);
    throw new BeskedError('validation', message, { fields: [{ path: ['phone'], message }], ...coded(`phone.${p.reason}`) });
  }
  return p;
}
