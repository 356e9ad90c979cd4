// When the price book refreshes by itself, so the composer's first cost is right: at start (a missing or day-old
// list), every hour a list that has turned a day old, and at once when the gateway Besked talks to changes (Sandbox
// and live, after a token is set or removed, another platform or address), even if that mode's list is recent:
// another account may be priced differently.
import type { Settings, SettingsView } from '../../../src-shared/contract';
import type { EventBus } from '../events';
import type { Logger } from '../log';
import { toAppError } from '../errors';
import type { Mode, PriceBook } from './price-book';

/** How often a running Besked looks whether its list has turned a day old (it refreshes at most daily). */
export const PRICE_CHECK_INTERVAL_MS = 3600_000;

/** Runs `fn` every `ms` until the returned function is called (tests pass their own to run it at will). */
export type Every = (ms: number, fn: () => void) => () => void;

export interface PriceScheduleDeps {
  book: Pick<PriceBook, 'refreshIfStale' | 'refreshAnew' | 'settled'>;
  events: EventBus;
  log: Logger;
  /** The connection as Settings shows it: its mode, and the settings that name the live gateway. */
  view: () => Promise<SettingsView>;
  every?: Every;
}

/** The real timer (unref'd: it never keeps the process alive); the retention schedule uses it too. */
export const systemEvery: Every = (ms, fn) => {
  const timer = setInterval(fn, ms);
  timer.unref();
  return () => clearInterval(timer);
};

/** Which gateway a view's connection talks to: Sandbox, or the live platform at its addresses. */
export function gatewayOf(view: { settings: Pick<Settings, 'platform' | 'endpoints'>; connection: { mode: Mode } }): string {
  if (view.connection.mode === 'sandbox') return 'sandbox';
  const p = view.settings.platform;
  const ep = view.settings.endpoints[p];
  return `live ${p} ${ep.messagingUrl} ${ep.legacyUrl}`;
}

export class PriceSchedule {
  private gateway: string | null = null;
  private stopTimer: (() => void) | null = null;
  private unsubscribe: (() => void) | null = null;
  /** Settings changes are looked at one after another, so two quick changes cannot both miss the switch. */
  private checking: Promise<void> = Promise.resolve();

  constructor(private readonly deps: PriceScheduleDeps) {}

  /**
   * Starts the first fetch, the hourly look and the watch on the connection, without holding up the core's start
   * (reading the connection may ask the keychain).
   */
  start(): void {
    this.checking = this.atStart();
    this.stopTimer = (this.deps.every ?? systemEvery)(PRICE_CHECK_INTERVAL_MS, () => void this.daily());
    this.unsubscribe = this.deps.events.subscribe((m) => {
      if (m.name !== 'settings.changed') return;
      const view = m.payload as SettingsView;
      this.checking = this.checking.then(() => this.connectionChanged(view));
    });
  }

  /** Stops the timer and the watch, then waits for a fetch on its way, so nothing writes after the database closes. */
  async stop(): Promise<void> {
    this.stopTimer?.();
    this.unsubscribe?.();
    this.stopTimer = this.unsubscribe = null;
    await this.checking;
    await this.deps.book.settled();
  }

  /** Resolves once the look at start (and any connection change seen since) is done: a needed fetch is on its way. */
  started(): Promise<void> {
    return this.checking;
  }

  private async atStart(): Promise<void> {
    try {
      const view = await this.deps.view();
      this.gateway = gatewayOf(view);
      this.deps.book.refreshIfStale(view.connection.mode);
    } catch (err) {
      this.deps.log.info('price list check at start failed', { message: toAppError(err).message });
    }
  }

  private async daily(): Promise<void> {
    try {
      this.deps.book.refreshIfStale((await this.deps.view()).connection.mode);
    } catch (err) {
      this.deps.log.info('price list check failed', { message: toAppError(err).message });
    }
  }

  private async connectionChanged(view: SettingsView): Promise<void> {
    const gateway = gatewayOf(view);
    if (gateway === this.gateway) return;
    this.gateway = gateway;
    try {
      await this.deps.book.refreshAnew();
    } catch (err) {
      // Kept in the book's state for the cost panel; the cached list of the new mode (if any) stays in use.
      this.deps.log.info('price list refresh after the connection changed failed', { message: toAppError(err).message });
    }
  }
}
