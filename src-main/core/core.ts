// Composes the core from its modules (one per domain of the contract, each registering its own calls) over the
// database, settings, vault, connection and gateway, and exposes it to a transport as one dispatch function and one
// event bus. Node-only: never imports 'electron'.
import { join } from 'node:path';
import { createDispatcher, type Dispatch, type Handlers } from './dispatch';
import { EventBus } from './events';
import { keepDataFolderPrivate, makePrivateDir, touchPrivate } from './private-folder';
import { createLogger, type Logger } from './log';
import { openDatabase, type Db } from './db/database';
import { writeGate } from './db/write-gate';
import { startCheckpointer } from './db/checkpointer';
import { openVault, type TokenVault } from './secrets/vault';
import { createGatewayClient, type GatewayClient, type GatewayClientOptions } from './gateway';
import { SandboxGateway } from './account/sandbox';
import { Connection } from './account/connection';
import { appHandlers } from './app';
import { SettingsStore, settingsHandlers } from './settings';
import { createAccountModule } from './account';
import { createContactsModule } from './contacts';
import { createCampaignsModule } from './campaigns';
import { SpendCaps } from './campaigns/checks/spend-caps';
import type { Outbox } from './campaigns/outbox/outbox';
import { createInboxModule } from './inbox';
import { createSyncService, type SyncService } from './sync';
import { createMessagesModule } from './messages';
import { createSandboxModule } from './sandbox';
import { createAutomationsModule, type AutomationsModule } from './automations';
import { computerClock, modeClock } from './clock';
import { InstanceLock, type InstanceKind } from './instance-lock';
import { PriceSchedule, type Every } from './pricing/price-schedule';
import { createTeamModule, type TeamModule, type TeamModuleOptions } from './team';
import { createAuditModule } from './audit';
import { remoteHandlers, type RemoteControl } from './remote';
import { createPrivacyModule } from './privacy';
import type { FreeSpace } from './privacy/erasure-finish';
import { LOCAL_CALLER, type Caller } from './team/caller';
import { backupsDir, createBackupModule, writeBackupNow, type RestartControl } from './backup';

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
  /** The core's clock (tests run it with the simulator's); default: core/clock.ts's, the test gateway's in Sandbox. */
  automations?: { now?: () => number };
  /** The price book's clock and the timer of its daily refresh (tests move both instead of waiting a day). */
  pricing?: { now?: () => number; every?: Every };
  /** The gateway client's time-outs and retry rule (the fault tests shorten them to provoke time-outs quickly). */
  gateway?: Pick<GatewayClientOptions, 'timeouts' | 'retry'>;
  /** Set by `npm run server`: this core serves a team (accounts, sessions); left out, it is one PC's. */
  team?: Pick<TeamModuleOptions, 'serverName' | 'publicUrl' | 'timings' | 'now'>;
  /** The desktop app's host, which answers remote.* (switching to a server); left out, the data stays here. */
  remote?: RemoteControl;
  /** The retention of message texts: its clock and the timer of its daily look (tests move both). */
  privacy?: { now?: () => number; every?: Every; freeSpace?: FreeSpace };
  /** The backups' clock and the timer of their hourly look (tests move both); the host's restart for a restore. */
  backup?: { now?: () => number; every?: Every; restart?: RestartControl };
}

/** Who makes the daily retention run's audited call: Besked itself, on this computer. */
const BESKED_ITSELF: Caller = Object.freeze({ ...LOCAL_CALLER, address: 'Besked (daily retention)' });

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
  team: Pick<TeamModule, 'sessions' | 'connections' | 'recordFlood'>;
  close(): Promise<void>;
}

export async function startCore(opts: CoreOptions): Promise<Core> {
  makePrivateDir(opts.dataDir);
  // Before anything reads the folder: a second process would take the first one's requests in flight for crashed ones.
  const lock = InstanceLock.acquire(opts.dataDir, opts.instance ?? opts.shell);
  const log = opts.log ?? createLogger({ file: join(opts.dataDir, 'besked.log') });
  // Backups keep the computer's time in either mode: a day old means a day of this PC's life, not of the test gateway's.
  const backupNow = opts.backup?.now ?? computerClock.now;
  let db: Db;
  try {
    keepDataFolderPrivate(opts.dataDir, log);
    // Made 0600 before SQLite opens it: its -wal and -shm files take the database file's mode.
    touchPrivate(join(opts.dataDir, 'besked.db'));
    db = openDatabase(join(opts.dataDir, 'besked.db'), {
      // An upgrade is the riskiest moment for the data: the database as it was is kept before the first migration runs.
      beforeMigrate: (old) => {
        makePrivateDir(backupsDir(opts.dataDir));
        writeBackupNow(old, backupsDir(opts.dataDir), backupNow(), 'upgrade');
      },
    });
  } catch (err) {
    lock.release();
    throw err;
  }
  // The log is copied into the database file on a thread of its own, never inside a commit of the core's.
  const checkpointer = startCheckpointer(db, log);
  const events = new EventBus((err, event) => log.error('an event listener failed', { err, event }));
  const settings = new SettingsStore(db);
  const vault = opts.vault ?? (await openVault());
  const sandbox = new SandboxGateway({ dataDir: opts.dataDir, ...(opts.sandboxSpeed ? { speed: opts.sandboxSpeed } : {}) });
  const connection = new Connection(settings, vault, sandbox, log);

  const gateway = createGatewayClient({
    // What a caller writes on hearing the gateway's answer is made with the write gate claimed (db/write-gate.ts).
    answered: () => writeGate(db).turn(),
    ...opts.gateway,
    target: async () => {
      const t = await connection.target();
      return { messagingUrl: t.messagingUrl, legacyUrl: t.legacyUrl, token: t.token };
    },
  });

  const mode = async () => (await connection.state()).mode;
  // The one clock every part of the core reads (issue 27.7): the test gateway's in Sandbox, the computer's live.
  const clock = modeClock({ events, mode, sandboxNow: () => sandbox.clockNow() });
  const now = opts.automations?.now ?? clock.now;
  const audit = createAuditModule({ db, log, ...(opts.team?.now ? { now: opts.team.now } : {}) });
  const team = createTeamModule({ db, events, log, kind: opts.team ? 'server' : 'single', serverName: opts.team?.serverName ?? 'Besked', ...opts.team, audit: audit.sink, language: () => settings.get().language });

  // The modules refer to each other only through closures called after startup (campaigns and sync are built below).
  // Every paid call besides campaigns passes the owner's spending caps here (replies, lookups, emails).
  const spendCaps = new SpendCaps({ db, limits: () => settings.get().sendingLimits, now, prices: () => campaigns.prices });
  const account = createAccountModule({
    db,
    gateway,
    connection,
    settings,
    events,
    log,
    priceList: (refresh) => campaigns.prices.list(refresh),
    caps: spendCaps,
    now,
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
    now,
  });
  const inbox = createInboxModule({
    db,
    events,
    settings,
    log,
    currentMode: mode,
    receiverListening: () => sync.receiver.listening,
    outbox: () => campaigns.outbox,
    afterStored: (added) => automations.afterStored(added),
    connections: team.connections,
    caps: spendCaps,
    now,
    ...opts.sync,
  });
  const sync = createSyncService({ db, events, gateway, connection, settings, vault, log, intake: inbox.intake, now, ...opts.sync });
  const automations = createAutomationsModule({
    db,
    events,
    log,
    settings: () => settings.get(),
    mode,
    campaigns: () => campaigns,
    reply: (req) => inbox.reply(req),
    now,
    gateway: () => gateway,
  });

  const privacy = createPrivacyModule({
    db,
    events,
    log,
    now: opts.privacy?.now ?? now,
    currentMode: mode,
    shopName: () => settings.get().defaultSender || 'Besked',
    applyAsBesked: () => dispatch('privacy.applyRetention', {}, BESKED_ITSELF),
    ...(opts.privacy?.every ? { every: opts.privacy.every } : {}),
    ...(opts.privacy?.freeSpace ? { freeSpace: opts.privacy.freeSpace } : {}),
  });
  const backup = createBackupModule({ db, dataDir: opts.dataDir, events, log, vault, now: backupNow, ...(opts.backup?.every ? { every: opts.backup.every } : {}), restart: opts.backup?.restart ?? null, sendMissedAnyway: (id, reason) => automations.sendAnyway(id, reason) });

  // Each domain's module registers exactly the calls of its part of the contract (test/unit/foundation/handler-homes).
  const contacts = createContactsModule({ db, events, dataDir: opts.dataDir, log, now });
  const handlers: Handlers = {
    ...appHandlers({ version: opts.version, shell: opts.shell, dataDir: opts.dataDir, storageProblem: () => campaigns.outbox.storageProblem() }),
    ...settingsHandlers({ settings, connection, gateway, events, now }),
    ...account.handlers,
    ...contacts.handlers,
    ...campaigns.handlers,
    ...inbox.handlers,
    ...sync.handlers,
    ...createMessagesModule({ db, gateway, mode, now }).handlers,
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
    ...privacy.handlers,
    ...backup.handlers,
  };

  const dispatch = createDispatcher(handlers, { log, checkOutputs: opts.checkOutputs ?? false, audit: audit.sink, writes: writeGate(db) });
  // Before anything is sent or polled: an erasure a crash cut short is finished first.
  privacy.resumeAtStart();
  campaigns.start();
  await sync.start();
  automations.start();
  // The price list is fetched now, not when Compose first asks, so the first cost shown is right.
  const priceSchedule = new PriceSchedule({ book: campaigns.prices, events, log, view: async () => ({ settings: settings.get(), connection: await connection.state() }), ...(opts.pricing?.every ? { every: opts.pricing.every } : {}) });
  priceSchedule.start();
  privacy.schedule.start();
  backup.start();

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
      clock.stop();
      // A backup being written reads the database to its end before it closes.
      await backup.stop();
      await campaigns.stop();
      await sync.stop();
      await priceSchedule.stop();
      await privacy.schedule.stop();
      privacy.stop();
      account.stop();
      await gateway.close();
      await sandbox.close();
      team.stop();
      // An import's thread still indexing or merging ends between two of its steps, before the database closes (a
      // restore replaces the file next).
      await contacts.stop();
      await checkpointer.stop();
      db.close();
      lock.release();
    },
  };
}
