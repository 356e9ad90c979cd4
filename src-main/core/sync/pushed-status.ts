// Applies a status a webhook pushed (legacy callback or messaging event) through the same rules the poller uses.
import type { StatusSource } from '../../../src-shared/delivery-status';
import { applyReports, type ReportedStatus } from './status-updates';
import type { AppliedChange, StatusStore } from './status-store';
import { computerClock } from '../clock';

export class PushedStatuses {
  constructor(
    private readonly store: StatusStore,
    private readonly onChanges: (changes: AppliedChange[]) => void,
    private readonly now: () => number = computerClock.now,
  ) {}

  /**
   * Applies one report to the recipient of `gatewayId` it names. Returns null for a message Besked did not send (the
   * account may be shared with other tools); a reference naming an uncertain recipient of Besked's adopts the id. A message whose recipients are all final needs no more polling.
   */
  apply(gatewayId: string, report: ReportedStatus, source: StatusSource, reference?: string | null): AppliedChange[] | null {
    // An id Besked never recorded may still be one of its own uncertain recipients, named by the reference.
    if (!this.store.findMessage(gatewayId) && !this.store.adopt(gatewayId, source === 'legacy' ? 'legacy' : 'messaging', reference, report.msisdn, this.now())) return null;
    const watched = this.store.recipientsOf(gatewayId);
    const now = this.now();
    const outcome = applyReports(watched, [report], source, now);
    const applied = this.store.apply(
      gatewayId,
      outcome.changes,
      outcome.allFinal ? { polledAt: now, counted: false, next: null, done: true } : null,
    );
    if (applied.length) this.onChanges(applied);
    return applied;
  }
}
