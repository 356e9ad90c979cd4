// The windows connected to this core, as far as the core cares: told when one goes, so what it held (who is looking
// at which conversation, who is replying) goes with it. The transport owns the sockets; this owns the news.
export type ConnectionListener = (connectionId: string) => void;

export class Connections {
  private readonly listeners = new Set<ConnectionListener>();

  /** The transport calls this when a window's connection closes. */
  closed(connectionId: string): void {
    for (const l of this.listeners) l(connectionId);
  }

  onClosed(listener: ConnectionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
