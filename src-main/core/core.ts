// Composes the core from its parts (database, settings, vault, connection, gateway, services) and exposes
// it to a transport as one dispatch function and one event bus. Node-only: never imports 'electron'.
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { createDispatcher, type Dispatch, type Handlers } from './dispatch';
import { EventBus } from './events';
import { createLogger, type Logger } from './log';
import { openDatabase, type Db } from './db/database';
import { SettingsStore } from './settings';
import { openVault, type TokenVault } from './secrets/vault';
import { SandboxGateway } from './account/sandbox';
import { Connection } from './account/connection';
import { BalanceService } from './account/balance';
import { FeatureStates } from './account/feature-state';
import { accountHandlers, createAccountServices } from './account/handlers';
import type { AccountDeps } from './account/deps';
import { createGatewayClient, type GatewayClient, type GatewayClientOptions } from './gateway';
import { BeskedError } from './errors';
import { contactsHandlers } from './contacts/handlers';
import { createCampaignsModule } from './campaigns';
import type { Outbox } from './campaigns/outbox';
import { createSyncService, type SyncService } from './sync/service';
import { ChargeStatuses } from './messages/charge-statuses';
import { MessageLookup } from './messages/lookup';
import { messageHandlers } from './messages/handlers';
import type { Platform } from '../../src-shared/contract';
import { coded } from '../../src-shared/error-codes';
import { InstanceLock, type InstanceKind } from './instance-lock';
import { PriceSchedule, type Every } from './pricing/price-schedule';

export interface CoreOptions {
  dataDir: string;
  shell: 'electron' | 'web';
  /** Who holds the data folder's lock, as a second process is told (default: the shell). */
  instance?: InstanceKind;
  version: string;
  /** Tests pass a vault; otherwise the OS keychain is opened (memory when there is none). */
  vault?: TokenVault;
  log?: Logger;
  /** Validate every handler's output against the contract (on in tests). */
  checkOutputs?: boolean;
  /** Speed of the sandbox gateway's simulated clock. */
  sandboxSpeed?: number;
  /** The outbox's recipients per request and waits after a failed connection (tests shorten them). */
  campaigns?: { chunkSize?: number; batchSize?: number; retryBaseMs?: number; retryMaxMs?: number };
  /** The status and inbox pollers' clock (tests and the bench run it with the sandbox's simulated clock). */
  sync?: { now?: () => number };
  /** The price book's clock and the timer of its daily refresh (tests move both instead of waiting a day). */
  pricing?: { now?: () => number; every?: Every };
  /** The gateway client's time-outs and retry rule (the fault tests shorten them to provoke time-outs quickly). */
  gateway?: Pick<GatewayClientOptions, 'timeouts' | 'retry'>;
}

export interface Core {
  dispatch: Dispatch;
  events: EventBus;
  log: Logger;
  db: Db;
  connection: Connection;
  gateway: GatewayClient;
  /** Sends campaigns and replies; wake() after queueing one. */
  outbox: Outbox;
  /** Delivery statuses, the inbox pollers and the optional webhook receiver. */
  sync: SyncService;
  /** The data folder's lock: web mode adds its address to it once it listens. */
  lock: InstanceLock;
  close(): Promise<void>;
}

export async function startCore(opts: CoreOptions): Promise<Core> {
  mkdirSync(opts.dataDir, { recursive: true });
  // Before anything reads the folder: a second process would take the first one's requests in flight for crashed ones.
  const lock = InstanceLock.acquire(opts.dataDir, opts.instance ?? opts.shell);
  const log = opts.log ?? createLogger({ file: join(opts.dataDir, 'besked.log') });
  let db: Db;
  try {
    db = openDatabase(join(opts.dataDir, 'besked.db'));
  } catch (err) {
    lock.release();
    throw err;
  }
  const events = new EventBus();
  const settings = new SettingsStore(db);
  const vault = opts.vault ?? (await openVault());
  const sandbox = new SandboxGateway({ dataDir: opts.dataDir, ...(opts.sandboxSpeed ? { speed: opts.sandboxSpeed } : {}) });
  const connection = new Connection(settings, vault, sandbox, log);

  const gateway = createGatewayClient({
    ...opts.gateway,
    target: async () => {
      const t = await connection.target();
      return { messagingUrl: t.messagingUrl, legacyUrl: t.legacyUrl, token: t.token };
    },
  });

  const balance = new BalanceService(
    db,
    settings,
    events,
    async () => {
      const mode = (await connection.target()).mode;
      const me = await gateway.me();
      return { mode, credit: Number(me.credit), currency: me.currency, id: me.id };
    },
    async () => (await connection.state()).mode,
    log,
  );
  balance.start();

  const accountDeps: AccountDeps = {
    db,
    gateway,
    mode: async () => (await connection.state()).mode,
    features: new FeatureStates(db),
    spent: () => balance.afterSend(),
    now: () => new Date(),
  };
  const campaigns = createCampaignsModule({
    db,
    gateway,
    events,
    log,
    settings: () => settings.get(),
    mode: async () => (await connection.state()).mode,
    afterSend: () => balance.afterSend(),
    ...opts.campaigns,
    ...(opts.pricing?.now ? { pricesNow: opts.pricing.now } : {}),
  });
  const sync = createSyncService({ db, events, gateway, connection, settings, vault, log, outbox: () => campaigns.outbox, ...opts.sync });
  // The price book caches the list with its date, so the Prices view works offline too.
  const accountServices = createAccountServices(accountDeps, (refresh) => campaigns.prices.list(refresh));

  const settingsView = async () => ({ settings: settings.get(), connection: await connection.state() });
  const announceSettings = async () => {
    const view = await settingsView();
    events.emit('settings.changed', view);
    return view;
  };

  /** Tests a platform's stored token against its live addresses, or the current target when none is named. */
  const testConnection = async (platform?: Platform) => {
    const s = settings.get();
    let client = gateway;
    let mode: 'sandbox' | 'live' = (await connection.state()).mode;
    let plat = s.platform;
    if (platform) {
      const token = await connection.token(platform);
      const ep = s.endpoints[platform];
      if (!token) {
        throw new BeskedError('auth', `No API token is set for the ${platform === 'eu' ? 'EU' : 'default'} platform. Paste one from the gateway dashboard.`, {
          ...coded(platform === 'eu' ? 'gateway.noTokenEu' : 'gateway.noTokenDefault'),
        });
      }
      if (!ep.legacyUrl || !ep.messagingUrl) {
        throw new BeskedError('validation', 'Enter both gateway addresses for this platform first.', coded('gateway.addressesMissing'));
      }
      client = createGatewayClient({ target: async () => ({ messagingUrl: ep.messagingUrl, legacyUrl: ep.legacyUrl, token }) });
      mode = 'live';
      plat = platform;
    }
    try {
      const me = await client.me();
      return { credit: Number(me.credit), currency: me.currency, accountId: me.id, platform: plat, mode };
    } finally {
      if (client !== gateway) await client.close();
    }
  };

  const handlers: Handlers = {
    'app.info': () => ({ name: 'Besked', version: opts.version, shell: opts.shell, os: process.platform, dataDir: opts.dataDir }),
    'app.storage': () => ({ problem: campaigns.outbox.storageProblem() }),
    'settings.get': () => settingsView(),
    'settings.update': async (patch) => {
      settings.update(patch);
      return announceSettings();
    },
    'settings.setToken': async ({ platform, token }) => {
      await connection.setToken(platform, token);
      return announceSettings();
    },
    'settings.clearToken': async ({ platform }) => {
      await connection.clearToken(platform);
      return announceSettings();
    },
    'settings.testConnection': ({ platform }) => testConnection(platform),
    'account.balance': ({ refresh }) => balance.get(refresh ?? false),
    ...accountHandlers(accountDeps, accountServices),
    ...contactsHandlers({ db, events, dataDir: opts.dataDir, log }),
    ...campaigns.handlers,
    ...sync.handlers,
    ...messageHandlers(new MessageLookup({ db, gateway, mode: accountDeps.mode, charges: new ChargeStatuses(db), now: () => new Date() })),
  };

  const dispatch = createDispatcher(handlers, { log, checkOutputs: opts.checkOutputs ?? false });
  campaigns.start();
  await sync.start();
  // The price list is fetched now, not when Compose first asks, so the first cost shown is right.
  const priceSchedule = new PriceSchedule({ book: campaigns.prices, events, log, view: settingsView, ...(opts.pricing?.every ? { every: opts.pricing.every } : {}) });
  priceSchedule.start();

  return {
    dispatch,
    events,
    log,
    db,
    connection,
    gateway,
    outbox: campaigns.outbox,
    sync,
    lock,
    close: async () => {
      // The outbox first: the request in flight gets its outcome recorded before the gateway client closes.
      await campaigns.stop();
      await sync.stop();
      await priceSchedule.stop();
      balance.stop();
      await gateway.close();
      await sandbox.close();
      db.close();
      lock.release();
    },
  };
}
