// Counts the requests a platform served, per route, so benches and tests can tell how many HTTP requests a client made.

export class RequestStats {
  private counts = new Map<string, number>();
  private total = 0;
  private connections = 0;

  /** `key` is "METHOD /route/template"; control API calls are counted but not in the total. */
  count(key: string, control: boolean): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    if (!control) this.total++;
  }

  connectionOpened(): void {
    this.connections++;
  }

  reset(): void {
    this.counts = new Map();
    this.total = 0;
    this.connections = 0;
  }

  snapshot(): { total: number; connections: number; requests: Record<string, number> } {
    return { total: this.total, connections: this.connections, requests: Object.fromEntries(this.counts) };
  }
}
