// Composes delivery status and the inbox's sources: both pollers and the optional webhook receiver (which hand incoming
// texts to the inbox's intake), and the sync.* calls.
import type { Db } from '../db/database';
import { writeGate } from '../db/write-gate';
import { prepared } from '../db/prepared';
import type { EventBus } from '../events';
import type { Logger } from '../log';
import type { GatewayClient } from '../gateway';
import type { Connection } from '../account/connection';
import type { SettingsStore } from '../settings';
import type { TokenVault } from '../secrets/vault';
import type { Handlers } from '../dispatch';
import type { DomainCallName, StatusChanged, StatusTimeline, SyncState } from '../../../src-shared/contract';
import type { InboxGateway } from '../inbox/inbound-store';
import type { InboxIntake } from '../inbox/intake';
import { ChargeStatuses } from '../messages/charge-statuses';
import { InboxPoller, type InboxTarget } from './inbox-poller';
import { PushedStatuses } from './pushed-status';
import { ReplayGuard } from './replay-guard';
import { StatusPoller } from './status-poller';
import { StatusStore, type AppliedChange } from './status-store';
import { SyncStatus } from './sync-status';
import { WebhookReceiver } from './webhook-receiver';
import { WebhookSecrets } from './webhook-secrets';
import { campaignTimeline, syncHandlers } from './handlers';
import { inboxPollDelayMs } from '../../../src-shared/inbox-poll-rhythm';
import { computerClock } from '../clock';

export interface SyncServiceDeps {
  db: Db;
  events: EventBus;
  gateway: GatewayClient;
  connection: Connection;
  settings: SettingsStore;
  vault: TokenVault;
  log: Logger;
  /** The inbox's intake: where fetched and pushed incoming texts go. */
  intake: InboxIntake;
  now?: () => number;
}

/** Status changes per event; a larger batch names its campaigns so listeners reload them instead. */
export const STATUS_EVENT_MAX_CHANGES = 500;

export type SyncCalls = DomainCallName<'sync'>;

export interface SyncService {
  handlers: Pick<Handlers, SyncCalls>;
  statusPoller: StatusPoller;
  inboxPoller: InboxPoller;
  receiver: WebhookReceiver;
  state(): Promise<SyncState>;
  /** A campaign's delivery roll-up and status mix over time (campaigns.statusTimeline). */
  timeline(campaignId: number, buckets: number): StatusTimeline;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createSyncService(d: SyncServiceDeps): SyncService {
  const now = d.now ?? computerClock.now;
  const currentMode = async () => (await d.connection.state()).mode;
  const status = new SyncStatus(d.db, now);
  const statusStore = new StatusStore(d.db, now);
  const secrets = new WebhookSecrets(d.vault, d.log);
  let receiverError: string | null = null;
  const pushedStatuses = new PushedStatuses(statusStore, (c) => announceChanges(c), now);
  const charges = new ChargeStatuses(d.db, now);
  const inboxTarget = async (): Promise<InboxTarget> => {
    const mode = await currentMode();
    const gateway: InboxGateway = mode === 'sandbox' ? 'sandbox' : d.settings.get().platform;
    return { mode, gateway };
  };

  const receiver = new WebhookReceiver({
    port: d.settings.get().webhookReceiver.port,
    secrets: () => secrets.both(),
    replay: new ReplayGuard(d.db, now),
    writes: () => writeGate(d.db).turn(),
    log: d.log,
    sinks: {
      messagingStatus: (e) => {
        pushedStatuses.apply(e.msgId, { msisdn: e.recipient, status: e.status, error: e.error, code: e.code, at: e.at }, e.channel, e.reference);
      },
      legacyStatus: async (c) => {
        // Overcharged messages are usually the webshop's, not Besked's: their charge status is kept whoever sent them.
        if (c.charge_status) charges.record(await currentMode(), { mtsmsId: c.id, msisdn: c.msisdn, chargeStatus: c.charge_status, at: c.time * 1000 });
        pushedStatuses.apply(String(c.id), { msisdn: c.msisdn, status: c.status, error: c.error, code: c.code, at: c.time * 1000 }, 'legacy', c.userref);
      },
      incoming: async (c) => {
        const t = await inboxTarget();
        await d.intake.receive(t.gateway, t.mode, 'webhook', [
          { mosmsId: c.id, msisdn: c.msisdn, receiver: c.receiver, text: c.message, sender: c.sender ?? null, sentAt: c.senttime * 1000 },
        ]);
      },
    },
  });

  const statusPoller = new StatusPoller({
    store: statusStore,
    writes: writeGate(d.db),
    gateway: d.gateway,
    status,
    currentMode,
    onChanges: (c) => announceChanges(c),
    log: d.log,
    now,
  });

  // The inbox's rhythm (src-shared/inbox-poll-rhythm.ts): the last text in or out, on this service's clock.
  let lastActivityAt: number | null = null;
  // Asked after every chunk a campaign sends (hurry): compiled once, as the sending path's other small queries.
  const keywordRuleOn = () => prepared(d.db, "SELECT 1 FROM automations WHERE kind = 'keyword' AND state = 'active' LIMIT 1").get() !== undefined;
  const inboxPoller = new InboxPoller({
    db: d.db,
    gateway: d.gateway,
    receive: (t, list) => d.intake.receive(t.gateway, t.mode, 'poll', list),
    status,
    target: inboxTarget,
    intervalMs: () => inboxPollDelayMs({ idleS: d.settings.get().inboxPollSeconds, lastActivityAt, keywordRuleOn: keywordRuleOn(), now: now() }),
    gatewayNow: async (t) => (t.mode === 'sandbox' ? sandboxClock(d.connection, now) : now()),
    log: d.log,
    now,
  });

  function announceChanges(changes: AppliedChange[]): void {
    const campaignIds = [...new Set(changes.map((c) => c.campaignId))];
    const payload: StatusChanged = {
      changes: changes.slice(0, STATUS_EVENT_MAX_CHANGES),
      campaignIds,
      truncated: changes.length > STATUS_EVENT_MAX_CHANGES,
    };
    d.events.emit('message.status', payload);
  }

  const state = async (): Promise<SyncState> => {
    const s = d.settings.get().webhookReceiver;
    const has = await secrets.present();
    return {
      statuses: { ...status.get('statuses'), watching: statusStore.watching() },
      inbox: status.get('inbox'),
      webhook: {
        enabled: s.enabled,
        listening: receiver.listening,
        port: receiver.port,
        error: receiverError,
        hasMessagingSecret: has.messaging,
        hasLegacySecret: has.legacy,
        accepted: receiver.accepted,
        refused: receiver.refused,
      },
    };
  };
  const announceState = () => {
    state()
      .then((s) => d.events.emit('sync.state', s))
      .catch((err: unknown) => d.log.warn('could not report the sync state', { err }));
  };
  status.onChange(announceState);

  /** Starts, stops or moves the receiver to match the settings. */
  const reconcileReceiver = async () => {
    const want = d.settings.get().webhookReceiver;
    const wrongPort = receiver.listening && receiver.port !== want.port;
    if (receiver.listening && (!want.enabled || wrongPort)) await receiver.stop();
    if (want.enabled && !receiver.listening) {
      try {
        receiver.setPort(want.port);
        await receiver.start();
        receiverError = null;
      } catch (err) {
        receiverError = `The webhook receiver could not listen on port ${want.port}: ${(err as NodeJS.ErrnoException).code === 'EADDRINUSE' ? 'another program uses it. Choose another port.' : (err as Error).message}`;
        d.log.warn('webhook receiver failed to start', { err });
      }
    }
    if (!want.enabled) receiverError = null;
    announceState();
  };

  let unsubscribe: (() => void) | null = null;
  let lastReceiverSettings = JSON.stringify(d.settings.get().webhookReceiver);

  const handlers: Pick<Handlers, SyncCalls> = syncHandlers({
    state,
    secrets,
    refresh: async (campaignId) => {
      await Promise.all([
        inboxPoller.refreshNow(),
        statusPoller.runOnce(campaignId === undefined ? {} : { campaignId, force: true }),
      ]);
    },
    announceState,
  });

  return {
    handlers,
    statusPoller,
    inboxPoller,
    receiver,
    state,
    timeline: (campaignId, buckets) => campaignTimeline(d.db, campaignId, buckets, receiver.listening, now()),
    async start() {
      statusPoller.start();
      inboxPoller.start();
      unsubscribe = d.events.subscribe((m) => {
        // A chunk went out: its first look is due in seconds, sooner than the poller's longest sleep. A text in or out
        // also makes an answer likely soon: the inbox quickens (src-shared/inbox-poll-rhythm.ts).
        if (m.name === 'campaign.progress' || m.name === 'inbox.received') {
          lastActivityAt = now();
          inboxPoller.hurry();
          if (m.name === 'campaign.progress') statusPoller.wake();
          return;
        }
        if (m.name === 'automations.changed') return inboxPoller.hurry();
        if (m.name !== 'settings.changed') return;
        inboxPoller.hurry();
        const want = JSON.stringify(d.settings.get().webhookReceiver);
        if (want === lastReceiverSettings) return;
        lastReceiverSettings = want;
        void reconcileReceiver();
      });
      await reconcileReceiver();
    },
    async stop() {
      unsubscribe?.();
      await Promise.all([statusPoller.stop(), inboxPoller.stop(), receiver.stop()]);
    },
  };
}

/** The built-in sandbox's simulated clock (it may be advanced, or run fast), so the date window follows it. */
async function sandboxClock(connection: Connection, fallback: () => number): Promise<number> {
  try {
    const t = await connection.target();
    const res = await fetch(`${t.legacyUrl}/_sim/clock`, { headers: { authorization: `Token ${t.token}` }, signal: AbortSignal.timeout(5_000) });
    if (!res.ok) return fallback();
    const body = (await res.json()) as { now?: unknown };
    const at = typeof body.now === 'string' ? Date.parse(body.now) : NaN;
    return Number.isFinite(at) ? at : fallback();
  } catch {
    return fallback();
  }
}
