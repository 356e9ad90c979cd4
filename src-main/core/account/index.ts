// Account as a module of the core: the balance (cached per mode, refreshed after sends), the optional gateway
// features and the account services (prices, usage, keywords, lookup, email, refunds); exports the account.* handlers.
import type { DomainCallName } from '../../../src-shared/contract';
import type { Db } from '../db/database';
import type { Handlers } from '../dispatch';
import type { EventBus } from '../events';
import type { GatewayClient } from '../gateway';
import type { Logger } from '../log';
import type { SettingsStore } from '../settings';
import { BalanceService } from './balance';
import type { Connection } from './connection';
import type { AccountDeps } from './deps';
import { FeatureStates } from './feature-state';
import { accountHandlers, createAccountServices } from './handlers';
import type { PriceListSource } from './prices';

export interface AccountModuleOptions {
  db: Db;
  gateway: GatewayClient;
  connection: Connection;
  settings: SettingsStore;
  events: EventBus;
  log: Logger;
  /** The price book caches the list with its date, so the Prices view works offline too. */
  priceList: PriceListSource;
  caps: AccountDeps['caps'];
  /** The core's clock (core/clock.ts). */
  now: () => number;
}

export interface AccountModule {
  handlers: Pick<Handlers, DomainCallName<'account'>>;
  balance: BalanceService;
  /** Starts refreshing the balance every few minutes. */
  start(): void;
  stop(): void;
}

export function createAccountModule(o: AccountModuleOptions): AccountModule {
  const mode = async () => (await o.connection.state()).mode;
  const balance = new BalanceService(
    o.db,
    o.settings,
    o.events,
    async () => {
      const target = (await o.connection.target()).mode;
      const me = await o.gateway.me();
      return { mode: target, credit: Number(me.credit), currency: me.currency, id: me.id };
    },
    mode,
    o.log,
    o.now,
  );
  const deps: AccountDeps = {
    db: o.db,
    gateway: o.gateway,
    mode,
    features: new FeatureStates(o.db, () => new Date(o.now())),
    spent: () => balance.afterSend(),
    caps: o.caps,
    now: () => new Date(o.now()),
  };
  return {
    handlers: accountHandlers(deps, createAccountServices(deps, o.priceList, balance)),
    balance,
    start: () => balance.start(),
    stop: () => balance.stop(),
  };
}
