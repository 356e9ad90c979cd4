// The crash scenario shared by the crash E2E test and the reliability bench: web mode, live against a simulator
// process that survives, with the token in a private keychain; a campaign to a group of contacts is sending when
// the process is killed with SIGKILL right after a draft was saved; then web mode starts again on the same folder.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { CampaignSummary, ConnectionState } from '../../src-shared/contract';
import { reconcile, type RecipientRow, type SimLedgerEntry } from '../integration/reliability/ledger-reconcile';
import { connectBridge, type BridgeClient } from './bridge-client';
import { startWeb, type WebProcess } from './harness';
import { startKeychainSession, type KeychainSession } from './keychain-session';
import { startSimProcess, type SimProcess } from './sim-process';

/** The i-th contact's Danish mobile number, as the import file writes it. */
export const contactNumber = (i: number) => 20_000_000 + i;

/** A semicolon CSV as Excel writes it in Denmark: header, then one contact per line. */
export function contactsCsv(n: number): Buffer {
  const lines = ['Fornavn;Efternavn;Mobil'];
  for (let i = 0; i < n; i++) lines.push(`Kunde;Nr ${i};+45 ${contactNumber(i)}`);
  return Buffer.from(lines.join('\r\n') + '\r\n', 'utf8');
}

/** Imports the file through the contract as the renderer does; returns the new group's id. */
export async function importContacts(bridge: BridgeClient, bytes: Buffer, group: string): Promise<{ groupId: number; created: number }> {
  const begin = await bridge.ok('contacts.importBegin', { fileName: 'kunder.csv', bytes: bytes.length });
  for (let off = 0; off < bytes.length; off += begin.chunkBytes) {
    await bridge.ok('contacts.importChunk', { importId: begin.importId, offset: off, base64: bytes.subarray(off, off + begin.chunkBytes).toString('base64') });
  }
  const preview = await bridge.ok('contacts.importPreview', { importId: begin.importId });
  const report = await bridge.ok('contacts.importRun', {
    importId: begin.importId,
    mapping: preview.mapping,
    defaultCountry: 'DK',
    mergeRule: 'fillEmpty',
    group: { kind: 'new', name: group },
  });
  return { groupId: report.group!.id, created: report.created };
}

/** Creates and sends a legacy campaign to a group; returns its id. */
export async function sendToGroup(bridge: BridgeClient, groupId: number, name: string): Promise<number> {
  const { id } = await bridge.ok('campaigns.create', {});
  await bridge.ok('campaigns.saveDraft', {
    id,
    draft: {
      name,
      channel: 'legacy',
      sender: 'Besked',
      text: 'Tilbud i dag: 20 % på alt brød',
      fallbacks: {},
      options: { label: '', priority: 'normal', validitySeconds: null, messageClass: 'standard', flash: false },
      recipients: { contactIds: [], groupIds: [groupId], searches: [], numbers: [] },
      sendAt: null,
    },
  });
  await bridge.ok('campaigns.send', { id, liveAcknowledged: true });
  return id;
}

/** Points web mode at the simulator and stores the token (in the keychain when there is one). */
export async function goLive(bridge: BridgeClient, sim: SimProcess): Promise<ConnectionState> {
  await bridge.ok('settings.update', { sandbox: false, endpoints: { default: { messagingUrl: sim.url, legacyUrl: sim.url } } });
  return (await bridge.ok('settings.setToken', { platform: 'default', token: sim.token })).connection;
}

export async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 60_000, everyMs = 25): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export interface CrashOutcome {
  recipients: number;
  /** Send requests the simulator had received when the process was killed. */
  requestsAtKill: number;
  /** PRAGMA integrity_check right after the kill. */
  integrity: string;
  /** Chunks the database had in flight at the kill (the evidence start-up turns into "uncertain"). */
  inFlightAtKill: number;
  /** Seconds from starting the process again until its first send request reached the gateway. */
  resumeSeconds: number;
  /** Whether the second process found the token (live mode) in the keychain. */
  connectionAfter: ConnectionState;
  final: CampaignSummary;
  /** The audit of ledger against recipients: empty when every recipient is once or clearly marked. */
  problems: string[];
  /** The most ledger entries any one number has. */
  maxPerRecipient: number;
  ledgerEntries: number;
  draft: { saved: string; found: string | null };
  /** Files in the data folder (database, WAL, log, simulator state of Sandbox…) and outputs that contain the token. */
  tokenFoundIn: string[];
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

export interface CrashRun {
  outcome: CrashOutcome;
  close(): Promise<void>;
}

export async function runCrashScenario(opts: { recipients: number; latencyMs: number; killAfterRequests: number }): Promise<CrashRun> {
  const root = mkdtempSync(join(tmpdir(), 'besked-crash-'));
  const dataDir = join(root, 'data');
  let keychain: KeychainSession | null = null;
  let sim: SimProcess | null = null;
  let web: WebProcess | null = null;
  let bridge: BridgeClient | null = null;
  const close = async () => {
    bridge?.close();
    await web?.stop();
    await sim?.stop();
    await keychain?.stop();
    rmSync(root, { recursive: true, force: true });
  };
  try {
    keychain = await startKeychainSession();
    sim = await startSimProcess({ token: 'live_' + randomBytes(18).toString('hex'), state: join(root, 'sim-state.json') });
    await sim.control('PUT', '/_sim/account', { credit: 10_000_000 });
    const env = { ...keychain.env, BESKED_KEYCHAIN_SERVICE: `Besked-crash-${process.pid}-${Date.now()}` };

    web = await startWeb({ dataDir, env });
    bridge = await connectBridge(web);
    const before = await goLive(bridge, sim);
    if (before.keychain.kind !== 'keychain' || before.mode !== 'live') throw new Error(`not live with a keychain: ${JSON.stringify(before)}`);
    const { groupId } = await importContacts(bridge, contactsCsv(opts.recipients), 'Alle kunder');
    // Each send is processed at once and answered late: the request cut off by the kill did reach the gateway, the
    // case where sending it again would mean sending twice.
    await sim.control('PUT', '/_sim/faults', { rules: [{ path: '/rest/mtsms', method: 'POST', answer_latency_ms: opts.latencyMs }] });
    const id = await sendToGroup(bridge, groupId, 'Crash campaign');
    await waitFor('send requests before the kill', async () => (await sim!.requests('POST /rest/mtsms')) >= opts.killAfterRequests);

    // A draft saved a moment before the kill: its answer means it is committed.
    const { id: draftId } = await bridge.ok('campaigns.create', {});
    const savedText = `Typed just before the crash ${randomBytes(4).toString('hex')}`;
    const d = (await bridge.ok('campaigns.get', { id: draftId })).draft;
    await bridge.ok('campaigns.saveDraft', { id: draftId, draft: { ...d, name: 'Unsent draft', text: savedText } });
    await web.stop('SIGKILL');
    const killedStderr = web.stderr();
    bridge.close();
    bridge = null;
    const requestsAtKill = await sim.requests('POST /rest/mtsms');

    const db = new Database(join(dataDir, 'besked.db'));
    const integrity = db.pragma('integrity_check', { simple: true }) as string;
    const inFlightAtKill = db.prepare("SELECT COUNT(*) FROM send_chunks WHERE state = 'in_flight'").pluck().get() as number;
    db.close();
    await sim.control('PUT', '/_sim/faults', { rules: [] });

    const t0 = performance.now();
    web = await startWeb({ dataDir, env });
    await waitFor('the campaign to continue', async () => (await sim!.requests('POST /rest/mtsms')) > requestsAtKill, 60_000, 10);
    const resumeSeconds = (performance.now() - t0) / 1000;

    bridge = await connectBridge(web);
    const connectionAfter = (await bridge.ok('settings.get', {})).connection;
    const b = bridge;
    const final = await waitFor(
      'the campaign to finish',
      async () => {
        const s = await b.ok('campaigns.get', { id });
        return ['sent', 'partly_failed', 'failed', 'paused'].includes(s.state) ? s : null;
      },
      120_000,
      200,
    );
    const found = (await bridge.ok('campaigns.get', { id: draftId })).draft.text;

    const ledger = (await sim.control<{ messages: SimLedgerEntry[] }>('GET', '/_sim/ledger')).messages;
    const readDb = new Database(join(dataDir, 'besked.db'), { readonly: true });
    const rows = readDb.prepare('SELECT id, campaign_id, msisdn, state, gateway_id FROM campaign_recipients').all() as RecipientRow[];
    readDb.close();
    const tokenFoundIn = filesUnder(dataDir).filter((f) => readFileSync(f).includes(sim!.token));
    if (killedStderr.includes(sim.token)) tokenFoundIn.push('stderr of the killed process');
    if (web.stderr().includes(sim.token)) tokenFoundIn.push('stderr of the restarted process');
    const per = new Map<number, number>();
    for (const e of ledger) per.set(e.recipient, (per.get(e.recipient) ?? 0) + 1);

    return {
      outcome: {
        recipients: opts.recipients,
        requestsAtKill,
        integrity,
        inFlightAtKill,
        resumeSeconds,
        connectionAfter,
        final,
        problems: reconcile(rows, ledger, { settled: true }),
        maxPerRecipient: Math.max(0, ...per.values()),
        ledgerEntries: ledger.length,
        draft: { saved: savedText, found },
        tokenFoundIn,
      },
      close,
    };
  } catch (err) {
    const stderr = web?.stderr() ?? '';
    await close();
    throw new Error(`${(err as Error).message}${stderr ? `\nweb mode said:\n${stderr.slice(-2000)}` : ''}`);
  }
}
