// What the account services need from the rest of the core, as small interfaces so tests can supply them.
import type { Db } from '../db/database';
import type { GatewayClient } from '../gateway';
import type { FeatureStates } from './feature-state';

export type Mode = 'sandbox' | 'live';

export interface AccountDeps {
  db: Db;
  gateway: GatewayClient;
  /** Where gateway calls go right now; results are kept apart per mode. */
  mode: () => Promise<Mode>;
  features: FeatureStates;
  /** Told after anything that costs money, so the balance in the header follows. */
  spent: () => void;
  now: () => Date;
}
