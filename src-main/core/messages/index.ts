// Messages as a module of the core: any sent SMS on the account looked up by its gateway id, with the charge
// statuses delivery callbacks reported; exports the messages.* handlers.
import type { DomainCallName, Mode } from '../../../src-shared/contract';
import type { Db } from '../db/database';
import type { Handlers } from '../dispatch';
import type { GatewayClient } from '../gateway';
import { ChargeStatuses } from './charge-statuses';
import { messageHandlers } from './handlers';
import { MessageLookup } from './lookup';

export interface MessagesModuleOptions {
  db: Db;
  gateway: GatewayClient;
  mode: () => Promise<Mode>;
  /** The core's clock (core/clock.ts). */
  now: () => number;
}

export function createMessagesModule(o: MessagesModuleOptions): { handlers: Pick<Handlers, DomainCallName<'messages'>> } {
  const lookup = new MessageLookup({ db: o.db, gateway: o.gateway, mode: o.mode, charges: new ChargeStatuses(o.db, o.now), now: () => new Date(o.now()) });
  return { handlers: messageHandlers(lookup) };
}
