// One platform of the simulated service (default or EU): its token, state, faults, counters and notifications.
import { monotonicFactory } from 'ulid';
import type { SimClock } from './clock';
import { FaultSet } from './faults';
import { Notifier } from './notifications';
import { RequestStats } from './stats';
import type { PlatformName, PlatformStore } from './state';
import type { WebhookDispatcher } from './webhooks';

export class Platform {
  readonly faults = new FaultSet();
  readonly stats = new RequestStats();
  readonly notifier: Notifier;
  private readonly ulid = monotonicFactory();
  /** Every platform on the same clock (this one included), so a clock advance can wait for all of them. */
  peers: Platform[] = [this];

  constructor(
    readonly name: PlatformName,
    readonly token: string,
    readonly store: PlatformStore,
    readonly clock: SimClock,
    readonly dispatcher: WebhookDispatcher,
  ) {
    this.notifier = new Notifier(store, clock, dispatcher, () => this.newUlid());
  }

  /** Resolves once every platform on this clock has queued the webhook calls that are due. */
  async settled(): Promise<void> {
    await Promise.all(this.peers.map((p) => p.notifier.settled()));
  }

  /** A ULID stamped with the simulated time, monotonic within the platform. */
  newUlid(): string {
    return this.ulid(Math.floor(this.clock.now()));
  }
}
