// What the account services need from the rest of the core, as small interfaces so tests can supply them.
import type { Db } from '../db/database';
import type { GatewayClient } from '../gateway';
import type { FeatureStates } from './feature-state';
import type { Mode } from '../../../src-shared/contract';
import type { SpendCaps } from '../campaigns/checks/spend-caps';

/** Re-exported for this module's users; the one definition is the contract's. */
export type { Mode };

export interface AccountDeps {
  db: Db;
  gateway: GatewayClient;
  /** Where gateway calls go right now; results are kept apart per mode. */
  mode: () => Promise<Mode>;
  features: FeatureStates;
  /** Told after anything that costs money, so the balance in the header follows. */
  spent: () => void;
  /** The owner's spending caps, which lookups and emails pass before the gateway is asked (campaigns/checks/spend-caps.ts). */
  caps: Pick<SpendCaps, 'spend'>;
  now: () => Date;
}
