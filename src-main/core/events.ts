// The core's event bus: typed by the contract's events, listened to by whichever transports are attached.
import type { EventAudience, EventMessage, EventName, EventPayload } from '../../src-shared/contract';

export type EventListener = (message: EventMessage) => void;

export class EventBus {
  private readonly listeners = new Set<EventListener>();

  /** `onListenerError` hears a listener's throw (a transport that could not send); the emitter never does. */
  constructor(private readonly onListenerError: (err: unknown, event: EventName) => void = () => undefined) {}

  /** `to` narrows who sees it on a server (one PC shows every event); left out, every signed-in user does. */
  emit<E extends EventName>(name: E, payload: EventPayload<E>, to?: EventAudience): void {
    const message = (to ? { name, payload, to } : { name, payload }) as EventMessage;
    // One transport's failure must neither fail the call that emitted nor keep the event from the others.
    for (const l of this.listeners) {
      try {
        l(message);
      } catch (err) {
        this.onListenerError(err, name);
      }
    }
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
