// Composes the core from its modules (one per domain of the contract, each registering its own calls) over the
// database, settings, vault, connection and gateway, and exposes it to a transport as one dispatch function and one
// event bus. Node-only: never imports 'electron'.
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { createDispatcher, type Dispatch, type Handlers } from './dispatch';
import { EventBus } from './events';
import { createLogger, type Logger } from './log';
import { openDatabase, type Db } from './db/database';
import { openVault, type TokenVault } from './secrets/vault';
import { createGatewayClient, type GatewayClient, type GatewayClientOptions } from './gateway';
import { SandboxGateway } from './account/sandbox';
import { Connection } from './account/connection';
import { appHandlers } from './app';
import { SettingsStore, settingsHandlers } from './settings';
import { createAccountModule } from './account';
import { createContactsModule } from './contacts';
import { createCampaignsModule } from './campaigns';
import type { Outbox } from './campaigns/outbox';
import { createInboxModule } from './inbox';
import { createSyncService, type SyncService } from './sync';
import { createMessagesModule } from './messages';
import { createSandboxModule } from './sandbox';
import { createAutomationsModule, type AutomationsModule } from './automations';
import { modeClock } from './automations/mode-clock';
import { InstanceLock, type InstanceKind } from './instance-lock';
import { PriceSchedule, type Every } from './pricing/price-schedule';
import { createTeamModule, type TeamModule, type TeamModuleOptions } from './team';
import { createAuditModule } from './audit';
import { remoteHandlers, type RemoteControl } from './remote';

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
  /** The automations' clock (tests run it with the simulator's); default: the test gateway's clock in sandbox mode. */
  automations?: { now?: () => number };
  /** The price book's clock and the timer of its daily refresh (tests move both instead of waiting a day). */
  pricing?: { now?: () => number; every?: Every };
  /** The gateway client's time-outs and retry rule (the fault tests shorten them to provoke time-outs quickly). */
  gateway?: Pick<GatewayClientOptions, 'timeouts' | 'retry'>;
  /** Set by `npm run server`: this core serves a team (accounts, sessions); left out, it is one PC's. */
  team?: Pick<TeamModuleOptions, 'serverName' | 'publicUrl' | 'timings' | 'now'>;
  /** The desktop app's host, which answers remote.* (switching to a server); left out, the data stays here. */
  remote?: RemoteControl;
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
  /** The automations' runner: wake() looks for due runs now, idle() waits for its work (tests). */
  automations: Pick<AutomationsModule, 'wake' | 'idle'>;
  /** Accounts and sessions on a server (the team transport checks each call's session); connected windows. */
  team: Pick<TeamModule, 'sessions' | 'connections'>;
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

  const mode = async () => (await connection.state()).mode;
  const audit = createAuditModule({ db, log, ...(opts.team?.now ? { now: opts.team.now } : {}) });
  const team = createTeamModule({ db, events, log, kind: opts.team ? 'server' : 'single', serverName: opts.team?.serverName ?? 'Besked', ...opts.team, audit: audit.sink, language: () => settings.get().language });

  // The modules refer to each other only through closures called after startup (campaigns and sync are built below).
  const account = createAccountModule({
    db,
    gateway,
    connection,
    settings,
    events,
    log,
    priceList: (refresh) => campaigns.prices.list(refresh),
  });
  account.start();
  const campaigns = createCampaignsModule({
    db,
    gateway,
    events,
    log,
    settings: () => settings.get(),
    mode,
    afterSend: () => account.balance.afterSend(),
    timeline: (id, buckets) => sync.timeline(id, buckets),
    ...opts.campaigns,
    ...(opts.pricing?.now ? { pricesNow: opts.pricing.now } : {}),
  });
  const inbox = createInboxModule({
    db,
    events,
    settings,
    log,
    currentMode: mode,
    receiverListening: () => sync.receiver.listening,
    outbox: () => campaigns.outbox,
    ...opts.sync,
    afterStored: (added) => automations.afterStored(added),
    connections: team.connections,
  });
  const sync = createSyncService({ db, events, gateway, connection, settings, vault, log, intake: inbox.intake, ...opts.sync });
  const automationClock = modeClock({ events, mode, sandboxNow: () => sandbox.clockNow() });
  const automations = createAutomationsModule({
    db,
    events,
    log,
    settings: () => settings.get(),
    mode,
    campaigns: () => campaigns,
    reply: (req) => inbox.reply(req),
    now: opts.automations?.now ?? automationClock.now,
    gateway: () => gateway,
  });

  // Each domain's module registers exactly the calls of its part of the contract (test/unit/foundation/handler-homes).
  const handlers: Handlers = {
    ...appHandlers({ version: opts.version, shell: opts.shell, dataDir: opts.dataDir, storageProblem: () => campaigns.outbox.storageProblem() }),
    ...settingsHandlers({ settings, connection, gateway, events, now: automationClock.now }),
    ...account.handlers,
    ...createContactsModule({ db, events, dataDir: opts.dataDir, log }).handlers,
    ...campaigns.handlers,
    ...inbox.handlers,
    ...sync.handlers,
    ...createMessagesModule({ db, gateway, mode }).handlers,
    ...createSandboxModule({
      db,
      connection,
      refreshInbox: () => sync.inboxPoller.refreshNow(),
      refreshStatuses: () => sync.statusPoller.lookAtAllNow(),
      clockMoved: () => automations.wake(),
    }).handlers,
    ...automations.handlers,
    ...team.handlers,
    ...audit.handlers,
    ...remoteHandlers(opts.remote ?? null),
  };

  const dispatch = createDispatcher(handlers, { log, checkOutputs: opts.checkOutputs ?? false, audit: audit.sink });
  campaigns.start();
  await sync.start();
  automations.start();
  // The price list is fetched now, not when Compose first asks, so the first cost shown is right.
  const priceSchedule = new PriceSchedule({ book: campaigns.prices, events, log, view: async () => ({ settings: settings.get(), connection: await connection.state() }), ...(opts.pricing?.every ? { every: opts.pricing.every } : {}) });
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
    automations,
    team,
    close: async () => {
      // The outbox first: the request in flight gets its outcome recorded before the gateway client closes.
      await automations.stop();
      automationClock.stop();
      await campaigns.stop();
      await sync.stop();
      await priceSchedule.stop();
      account.stop();
      await gateway.close();
      await sandbox.close();
      team.stop();
      db.close();
      lock.release();
    },
  };
}
