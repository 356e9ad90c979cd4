// Web mode killed with SIGKILL in the middle of a 20,000-recipient campaign, then started again on the same data
// folder: the campaign continues by itself, nobody gets it twice, the database is intact and the draft saved just
// before the kill is there. The simulator runs as its own process and is not killed, so its ledger is the truth.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCrashScenario, type CrashRun } from './crash-scenario';

let run: CrashRun;

beforeAll(async () => {
  run = await runCrashScenario({ recipients: 20_000, latencyMs: 600, killAfterRequests: 6 });
}, 170_000);
afterAll(async () => {
  await run?.close();
});

describe('SIGKILL mid-campaign, then a restart', () => {
  it('was killed with sending under way and left an intact database', () => {
    const o = run.outcome;
    expect(o.requestsAtKill).toBeGreaterThanOrEqual(6);
    expect(o.requestsAtKill).toBeLessThan(20);
    expect(o.integrity).toBe('ok');
  });

  it('continues the campaign by itself, on the live gateway with the token from the keychain', () => {
    const o = run.outcome;
    expect(o.connectionAfter).toMatchObject({ mode: 'live', hasToken: { default: true }, keychain: { kind: 'keychain' } });
    expect(o.resumeSeconds).toBeLessThan(30);
    expect(['sent', 'partly_failed']).toContain(o.final.state);
    expect(o.final.counts.queued + o.final.counts.inFlight).toBe(0);
  });

  it('sends nobody the campaign twice, and marks the request cut off by the kill as uncertain', () => {
    const o = run.outcome;
    expect(o.maxPerRecipient).toBe(1);
    expect(o.problems).toEqual([]);
    // The chunk (1,000 recipients) on its way at the kill had reached the gateway: it is uncertain and was not sent
    // again, so every recipient is in the ledger exactly once.
    expect(o.inFlightAtKill).toBe(1);
    expect(o.final.counts.uncertain).toBe(1000);
    expect(o.final.counts.accepted + o.final.counts.uncertain).toBe(o.recipients);
    expect(o.ledgerEntries).toBe(o.recipients);
  });

  it('keeps the draft saved just before the kill', () => {
    expect(run.outcome.draft.found).toBe(run.outcome.draft.saved);
  });

  it('left the token in the keychain only: not in the data folder (database, WAL, log) nor in either process’s output', () => {
    expect(run.outcome.tokenFoundIn).toEqual([]);
  });
});
