// Which optional gateway features (keywords, email, number lookup) the account may use, learned from the
// gateway's own answers, and the plain "not enabled on your account" refusal that replaces its error.
import type { AccountFeature, FeatureStatus, Mode } from '../../../src-shared/contract';
import type { Db } from '../db/database';
import { BeskedError } from '../errors';
import { NotEnabledError } from '../gateway';
import { coded } from '../../../src-shared/error-codes';
import { computerClock } from '../clock';
import { writeGate } from '../db/write-gate';

export const FEATURES: readonly AccountFeature[] = ['keywords', 'email', 'lookup'];

/** What the feature is called and what to ask the gateway's support for, in a shop owner's words. */
const WORDS: Record<AccountFeature, { name: string; ask: string }> = {
  keywords: {
    name: 'Keyword management',
    ask: 'Keywords need a separate agreement with the gateway (for resellers and accounts with a lot of two-way messaging). Contact the gateway\'s support and ask them to enable keywords on your account.',
  },
  email: {
    name: 'Email sending',
    ask: "Email is enabled on request. Contact the gateway's support and ask for email access; they will also help you set up your sending domain (SPF, DKIM and MX records).",
  },
  lookup: {
    name: 'Number lookup',
    ask: "Number lookup is offered to selected customers, for Danish numbers. Contact the gateway's support and ask them to enable number lookup (HLR) on your account.",
  },
};

/** The message shown for a refused feature: what is missing and what to do, never the gateway's raw error. */
export function notEnabledMessage(feature: AccountFeature, mode: Mode): string {
  const w = WORDS[feature];
  const sandbox = mode === 'sandbox' ? ' (In Sandbox, the test gateway has this feature switched off.)' : '';
  return `${w.name} is not enabled on your gateway account. ${w.ask} Then try again.${sandbox}`;
}

/** True when an error is the gateway refusing the feature for this account. */
export function isNotEnabled(err: unknown): boolean {
  return err instanceof NotEnabledError;
}

/** Remembers per mode what the gateway said last about each feature, so a view can show the state on opening. */
export class FeatureStates {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(computerClock.now()),
  ) {}

  list(mode: Mode): FeatureStatus[] {
    const rows = this.db.prepare('SELECT feature, state, checked_at FROM account_features WHERE mode = ?').all(mode) as {
      feature: AccountFeature;
      state: 'enabled' | 'not_enabled';
      checked_at: string;
    }[];
    return FEATURES.map((feature) => {
      const r = rows.find((x) => x.feature === feature);
      return r ? { feature, state: r.state, checkedAt: r.checked_at } : { feature, state: 'unknown', checkedAt: null };
    });
  }

  record(mode: Mode, feature: AccountFeature, state: 'enabled' | 'not_enabled'): void {
    this.db
      .prepare(
        `INSERT INTO account_features (mode, feature, state, checked_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (mode, feature) DO UPDATE SET state = excluded.state, checked_at = excluded.checked_at`,
      )
      .run(mode, feature, state, this.now().toISOString());
  }

  /**
   * Runs a gateway call that needs the feature: success marks it enabled; the gateway's refusal is
   * remembered and rethrown as a plain 'not_enabled' error with what to do. Other errors pass unchanged.
   */
  async guard<T>(mode: Mode, feature: AccountFeature, run: () => Promise<T>): Promise<T> {
    try {
      const value = await run();
      // After the gateway's answer: through the write gate, as every write after an await (db/write-gate.ts).
      await writeGate(this.db).run(() => this.record(mode, feature, 'enabled'));
      return value;
    } catch (err) {
      if (!isNotEnabled(err)) throw err;
      await writeGate(this.db).run(() => this.record(mode, feature, 'not_enabled'));
      throw new BeskedError('not_enabled', notEnabledMessage(feature, mode), {
        status: 403,
        maybeAccepted: false,
        cause: err,
        ...coded(mode === 'sandbox' ? `account.notEnabledSandbox.${feature}` : `account.notEnabled.${feature}`),
      });
    }
  }
}
