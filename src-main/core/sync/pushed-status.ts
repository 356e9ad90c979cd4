// Applies a status a webhook pushed (legacy callback or messaging event) through the same rules the poller uses.
import type { StatusSource } from '../../../src-shared/delivery-status';
import { applyReports, type ReportedStatus } from './status-updates';
import type { AppliedChange, StatusStore } from './status-store';

export class PushedStatuses {
  constructor(
    private readonly store: StatusStore,
    private readonly onChanges: (changes: AppliedChange[]) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Applies one report to the recipient of `gatewayId` it names. Returns null for a message Besked did not send (the
   * account may be shared with other tools). A message whose recipients are all final needs no more polling.
   */
  apply(gatewayId: string, report: ReportedStatus, source: StatusSource): AppliedChange[] | null {
    if (!this.store.findMessage(gatewayId)) return null;
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
