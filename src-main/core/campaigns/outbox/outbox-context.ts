// What the outbox's parts share: its dependencies, the clock, the campaigns' run state, the spend ledger, and the
// few things a part asks of the whole (settle a campaign, cancel it, look for work).
import type { Settings } from '../../../../src-shared/contract';
import type { Db } from '../../db/database';
import type { StorageProblem } from '../../db/storage-errors';
import type { EventBus } from '../../events';
import type { GatewayClient } from '../../gateway';
import type { Logger } from '../../log';
import type { Mode } from '../../pricing/price-book';
import type { CampaignStore } from '../campaign-store';
import type { CampaignRuns } from './campaign-runs';
import type { OffsetFn } from '../checks/limits';
import type { SpendLedger } from '../checks/spend-ledger';

export interface OutboxDeps {
  db: Db;
  gateway: Pick<GatewayClient, 'sendBuiltMtsms' | 'sendMulti' | 'deleteScheduled'>;
  events: EventBus;
  log: Logger;
  store: CampaignStore;
  settings: () => Settings;
  /** The mode gateway calls go to right now. */
  mode: () => Promise<Mode>;
  /** Told after every accepted chunk (the balance changed). */
  onAccepted?: () => void;
  now?: () => number;
  offset?: OffsetFn;
  /** Recipients per request (default 1000, clamped to the channel's limit). */
  chunkSize?: number;
  /** First wait after a failed connection; doubles up to retryMaxMs. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** When the status poller should first look at a freshly accepted legacy message. */
  firstPollDelayMs?: number;
  /** Told when writes start failing (the problem) and when they succeed again (null). */
  onStorage?: (problem: StorageProblem | null) => void;
}

export interface OutboxContext {
  readonly deps: OutboxDeps;
  readonly db: Db;
  readonly offset: OffsetFn;
  readonly runs: CampaignRuns;
  readonly spend: SpendLedger;
  now(): number;
  iso(ms?: number): string;
  /** Copies finished chunks' outcomes onto their recipient rows (settlement.ts); returns how many campaigns changed. */
  settle(campaignId?: number, limit?: number): number;
  cancel(id: number): Promise<unknown>;
  wake(): void;
}

/** A queued recipient as the requests are built from it (legacy-request.ts takes it as it is). */
export interface QueuedRow {
  id: number;
  msisdn: number;
  /** Read for the messaging interface only: legacy requests carry the template and tag values. */
  text: string;
  tagvaluesJson: string | null;
  parts: number;
  cost: number | null;
  /** Whether this recipient's text needs UCS-2. */
  ucs2: boolean;
}
