// Shared set-up for the sync integration tests: a database on disk, the simulator in-process, a client, and sent rows.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../../src-main/core/db/database';
import { createGatewayClient, type GatewayClient } from '../../../src-main/core/gateway';
import type { Logger } from '../../../src-main/core/log';
import { startSimulator, type Simulator } from '../../../src-sim/index';

export const TOKEN = 'sync-test-token';

export interface World {
  dir: string;
  db: Db;
  sim: Simulator;
  gateway: GatewayClient;
  /** The simulator's clock: the pollers run on it so that advancing it moves everything together. */
  now: () => number;
  control<T = unknown>(method: string, path: string, json?: unknown): Promise<T>;
  close(): Promise<void>;
}

export const quietLog: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined, addSecret: () => undefined };

export async function startWorld(opts: { dir?: string; state?: string } = {}): Promise<World> {
  const dir = opts.dir ?? mkdtempSync(join(tmpdir(), 'besked-sync-'));
  const db = openDatabase(join(dir, 'besked.db'));
  const sim = await startSimulator({ port: 0, token: TOKEN, log: () => undefined, ...(opts.state ? { state: opts.state } : {}) });
  const gateway = createGatewayClient({
    target: async () => ({ messagingUrl: sim.url, legacyUrl: sim.url, token: TOKEN }),
    retry: { maxAttempts: 1 },
  });
  const control = async <T,>(method: string, path: string, json?: unknown): Promise<T> => {
    const res = await fetch(sim.url + path, {
      method,
      headers: { authorization: `Token ${TOKEN}`, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  return {
    dir,
    db,
    sim,
    gateway,
    now: () => sim.clock.now(),
    control,
    close: async () => {
      await gateway.close();
      await sim.close();
      db.close();
      if (!opts.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

let campaignSeq = 0;

/** A campaign row as the outbox leaves it once sending started. */
export function insertCampaign(db: Db, opts: { mode?: 'sandbox' | 'live'; channel?: 'legacy' | 'messaging'; kind?: 'campaign' | 'reply'; at?: number } = {}): number {
  const at = new Date(opts.at ?? Date.now()).toISOString();
  const r = db
    .prepare(
      `INSERT INTO campaigns (kind, name, state, channel, mode, sender, text, created_at, updated_at, started_at, frozen_at)
       VALUES (?, ?, 'sending', ?, ?, 'Shop', 'Hello', ?, ?, ?, ?)`,
    )
    .run(opts.kind ?? 'campaign', `Test ${++campaignSeq}`, opts.channel ?? 'legacy', opts.mode ?? 'sandbox', at, at, at, at);
  return Number(r.lastInsertRowid);
}

/**
 * What the outbox writes once the gateway accepted a message: its recipients 'accepted' with the gateway id and
 * status 'pending', and a gateway_messages row to watch.
 */
export function recordAccepted(
  db: Db,
  opts: {
    campaignId: number;
    gatewayId: string;
    msisdns: number[];
    sendAt: number;
    validityS: number;
    iface?: 'legacy' | 'messaging';
    done?: boolean;
    text?: string;
  },
): number[] {
  const ids: number[] = [];
  const iso = (ms: number) => new Date(ms).toISOString();
  db.transaction(() => {
    const chunk = db
      .prepare(
        `INSERT INTO send_chunks (campaign_id, seq, state, recipients, started_at, finished_at)
         VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM send_chunks WHERE campaign_id = ?), 'accepted', ?, ?, ?)`,
      )
      .run(opts.campaignId, opts.campaignId, opts.msisdns.length, iso(opts.sendAt), iso(opts.sendAt));
    const chunkId = Number(chunk.lastInsertRowid);
    const ins = db.prepare(
      `INSERT INTO campaign_recipients (campaign_id, msisdn, text, parts, state, chunk_id, gateway_id, status, status_at)
       VALUES (?, ?, ?, 1, 'accepted', ?, ?, 'pending', ?)`,
    );
    for (const m of opts.msisdns) ids.push(Number(ins.run(opts.campaignId, m, opts.text ?? 'Hello', chunkId, opts.gatewayId, iso(opts.sendAt)).lastInsertRowid));
    db.prepare(
      `INSERT INTO gateway_messages (gateway_id, interface, campaign_id, chunk_id, recipients, send_at, expires_at, next_poll_at, done)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      opts.gatewayId,
      opts.iface ?? 'legacy',
      opts.campaignId,
      chunkId,
      opts.msisdns.length,
      iso(opts.sendAt),
      iso(opts.sendAt + opts.validityS * 1000),
      iso(opts.sendAt + 10_000),
      opts.done ? 1 : 0,
    );
  })();
  return ids;
}

/** Sends one legacy message through the real client and records it as the outbox would. */
export async function sendLegacy(
  w: World,
  msisdns: number[],
  opts: { validityS?: number; campaignId?: number; mode?: 'sandbox' | 'live' } = {},
): Promise<{ campaignId: number; gatewayId: string; recipientIds: number[] }> {
  const validityS = opts.validityS ?? 432_000;
  const campaignId = opts.campaignId ?? insertCampaign(w.db, { mode: opts.mode ?? 'sandbox', at: w.now() });
  const sendAt = w.now();
  const res = await w.gateway.sendMtsms({
    sender: 'Shop',
    message: 'Hello',
    validity_period: validityS,
    recipients: msisdns.map((msisdn) => ({ msisdn })),
  });
  const gatewayId = String(res.ids[0]);
  const recipientIds = recordAccepted(w.db, { campaignId, gatewayId, msisdns, sendAt, validityS });
  return { campaignId, gatewayId, recipientIds };
}

export function recipientStatuses(db: Db, campaignId: number): Record<number, { status: string | null; gateway_status: string | null; status_error: string | null }> {
  const rows = db.prepare('SELECT msisdn, status, gateway_status, status_error FROM campaign_recipients WHERE campaign_id = ?').all(campaignId) as {
    msisdn: number;
    status: string | null;
    gateway_status: string | null;
    status_error: string | null;
  }[];
  return Object.fromEntries(rows.map((r) => [r.msisdn, { status: r.status, gateway_status: r.gateway_status, status_error: r.status_error }]));
}

export function watched(db: Db, gatewayId: string): { polls: number; done: number; next_poll_at: string | null } {
  return db.prepare('SELECT polls, done, next_poll_at FROM gateway_messages WHERE gateway_id = ?').get(gatewayId) as {
    polls: number;
    done: number;
    next_poll_at: string | null;
  };
}
