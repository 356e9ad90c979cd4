// The runner composed for the module: its parts over one clock, the events that wake it, and the hooks the
// automations.* handlers call (pause, edit, delete withdraw what was handed over; switching on wakes it).
import type { CampaignChanged } from '../../../src-shared/contract';
import { writeGate } from '../db/write-gate';
import { AutomationClock } from './automation-clock';
import type { AutomationStore } from './automation-store';
import type { DueIndex } from './due-index';
import type { AutomationHooks, AutomationsModuleOptions } from './index';
import { OccurrenceLog } from './occurrence-log';
import { listSkippedWhilePaused } from './paused-runs';
import { AutomationRunner } from './runner';
import { Withdrawal } from './withdrawal';

/** The history's word for why the user's change withdrew a run. */
const CAUSE = { updated: 'edited', paused: 'paused', deleted: 'deleted' } as const;

export interface Runner {
  hooks: AutomationHooks;
  start(): void;
  stop(): Promise<void>;
  /** Resolves when the work queued so far is done. */
  idle(): Promise<void>;
  /** Runs `fn` alone among the runner's work (a run sent anyway is never seen half-way by a tick). */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** A run's rows take its campaign's outcome now, if it has one (a run whose rows moved after its campaign ended). */
  follow(campaignId: number): Promise<void>;
}

/**
 * The runner composed: the occurrence record, the due index, withdrawal and the due scan on one clock, the events
 * that wake it (contacts changed; a run's campaign changed), and the hooks the handlers call when the user pauses,
 * edits or deletes an automation.
 */
export function createRunner(o: AutomationsModuleOptions, store: AutomationStore, due: DueIndex): Runner {
  const log = new OccurrenceLog(o.db, o.now);
  const withdrawal = new Withdrawal({ db: o.db, logger: o.log, campaigns: o.campaigns, gateway: o.gateway, log, now: o.now });
  const runner: AutomationRunner = new AutomationRunner({
    db: o.db,
    events: o.events,
    settings: o.settings,
    campaigns: o.campaigns,
    log,
    now: o.now,
    logger: o.log,
    store,
    due,
    withdrawal,
    // Within the tick that sent the run: the runner's own follow, not through the clock it already holds.
    follow: (campaignId): Promise<void> => runner.follow(campaignId),
  });
  const w = { events: o.events, store, runner, withdrawal, log: o.log, now: o.now };
  const clock = new AutomationClock(() => w.runner.tick(), w.log, undefined, writeGate(o.db));
  let unsubscribe: (() => void) | null = null;
  /** Campaigns whose follow is queued on the clock and has not started yet. */
  const following = new Set<number>();
  const hooks: AutomationHooks = {
    wake: () => clock.wake(),
    onChanged: (id, why) =>
      clock.exclusive(async () => {
        const counts = await w.withdrawal.automation(id, CAUSE[why]);
        // Edited: its future runs are planned again from now under the new revision (withdrawn ones reused).
        if (why === 'updated' && w.store.get(id)?.state === 'active') w.store.setScannedTo(id, new Date(w.now()).toISOString());
        w.events.emit('automations.changed', { ids: [id] });
        clock.wake();
        return counts;
      }),
    // The history's new entries are announced by the switch-on itself (handlers.ts emits automations.changed after).
    onResumed: (paused) => clock.exclusive(async () => listSkippedWhilePaused({ db: o.db, log, due }, paused, w.now())),
  };
  return {
    hooks,
    start() {
      unsubscribe = w.events.subscribe((m) => {
        if (m.name === 'contacts.changed') {
          void clock.exclusive(() => w.runner.contactsChanged()).catch((err: unknown) => w.log.warn('automations: withdrawing for changed contacts failed', { err }));
          clock.wake();
        }
        if (m.name === 'campaign.changed') {
          const p = m.payload as CampaignChanged;
          // Later, not inside the outbox's own step: following settles the campaign's rows.
          // One follow waiting per campaign: a run's campaign changes with every chunk, and each follow reads its rows.
          if (p.summary?.automationId != null && !following.has(p.id)) {
            following.add(p.id);
            void clock
              .exclusive(async () => {
                following.delete(p.id);
                await w.runner.follow(p.id);
                w.runner.flush();
              })
              .catch((err: unknown) => w.log.warn('automations: following a run failed', { err }));
          }
        }
      });
      clock.start();
    },
    async stop() {
      unsubscribe?.();
      await clock.stop();
    },
    idle: () => clock.idle(),
    exclusive: (fn) => clock.exclusive(fn),
    follow: (campaignId) =>
      clock.exclusive(async () => {
        await w.runner.follow(campaignId);
        w.runner.flush();
      }),
  };
}
