// The core's event bus: typed by the contract's events, listened to by whichever transports are attached.
import type { EventMessage, EventName, EventPayload } from '../../src-shared/contract';

export type EventListener = (message: EventMessage) => void;

export class EventBus {
  private readonly listeners = new Set<EventListener>();

  emit<E extends EventName>(name: E, payload: EventPayload<E>): void {
    const message = { name, payload } as EventMessage;
    for (const l of this.listeners) l(message);
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
