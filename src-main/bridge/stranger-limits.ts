// What connections that are not signed in may cost the server: how many may be open (per address and in all), how
// many sign-ins (team.signIn, team.setupOwner, team.acceptInvitation) they may try (per address and in all), and the
// flood record: refusals are counted per window and reported once, as one audit entry, instead of one row each.
// A signed-in connection is no stranger; one that was signed in before on this connection, or comes from an address
// someone signed in from, is known: the totals (what a flood from many addresses exhausts) do not hold it back.
import type { FloodRecord } from '../core/team';
import { CallRate, type CallRateLimits } from './call-rate';

export interface StrangerLimitSettings {
  /** Connections not signed in, from one address. */
  connectionsPerAddress: number;
  /** Connections not signed in, from all addresses together (known addresses not held back by it). */
  connectionsTotal: number;
  /** Sign-in attempts from one address. */
  signInsPerAddress: CallRateLimits;
  /** Sign-in attempts from all addresses together (known addresses not held back by it). */
  signInsTotal: CallRateLimits;
  /** How long one flood record gathers refusals before it is written. */
  floodWindowMs: number;
}

export const DEFAULT_STRANGER_LIMITS: StrangerLimitSettings = Object.freeze({
  connectionsPerAddress: 16,
  connectionsTotal: 256,
  // A whole shop signing in at opening time from one address (behind one router) passes; a flood gets 30 a minute.
  signInsPerAddress: { perSecond: 0.5, burst: 20 },
  signInsTotal: { perSecond: 20, burst: 200 },
  floodWindowMs: 60_000,
});


/** Addresses remembered as known (someone signed in from there) and per-address buckets kept, at most. */
const MAX_REMEMBERED = 4_096;

export class StrangerLimits {
  private readonly open = new Map<string, number>();
  private openTotal = 0;
  private readonly perAddress = new Map<string, CallRate>();
  private readonly total: CallRate;
  private readonly known = new Set<string>();
  private window: { from: number; connections: number; signIns: number; by: Map<string, number>; timer: NodeJS.Timeout } | null = null;

  constructor(
    private readonly s: StrangerLimitSettings,
    private readonly report: (flood: FloodRecord) => void,
    private readonly now: () => number = Date.now,
  ) {
    this.total = new CallRate(s.signInsTotal, now);
  }

  /** A new connection from `address`: whether it may stay open (counted as a stranger's until it signs in). */
  connect(address: string): boolean {
    const mine = this.open.get(address) ?? 0;
    if (mine >= this.s.connectionsPerAddress || (this.openTotal >= this.s.connectionsTotal && !this.known.has(address))) {
      this.refused(address, 'connection');
      return false;
    }
    this.open.set(address, mine + 1);
    this.openTotal++;
    return true;
  }

  /** A stranger's connection signed in or closed: it no longer counts. */
  release(address: string): void {
    const mine = this.open.get(address) ?? 0;
    if (mine <= 1) this.open.delete(address);
    else this.open.set(address, mine - 1);
    this.openTotal = Math.max(0, this.openTotal - 1);
  }

  /** A signed-in connection signed out: a stranger again (counted, never closed for it). */
  rejoin(address: string): void {
    this.open.set(address, (this.open.get(address) ?? 0) + 1);
    this.openTotal++;
  }

  /** Someone signed in from `address`: it is known from now on. */
  signedInFrom(address: string): void {
    if (this.known.size >= MAX_REMEMBERED && !this.known.has(address)) this.known.delete(this.known.values().next().value!);
    this.known.add(address);
  }

  /** One sign-in attempt: whether it may go on. `knownClient`: the connection was signed in before. */
  signIn(address: string, knownClient: boolean): boolean {
    if (knownClient) return true;
    const bucket = this.bucketOf(address);
    // The per-address bucket first: a refused flood does not also drain the total everyone else shares.
    if (!bucket.take() || (!this.known.has(address) && !this.total.take())) {
      this.refused(address, 'signIn');
      return false;
    }
    return true;
  }

  /** Writes the open window's record now (the server is stopping). */
  flush(): void {
    if (!this.window) return;
    clearTimeout(this.window.timer);
    this.write();
  }

  /** Connections not signed in that are open now. */
  get strangers(): number {
    return this.openTotal;
  }

  private bucketOf(address: string): CallRate {
    let b = this.perAddress.get(address);
    if (!b) {
      if (this.perAddress.size >= MAX_REMEMBERED) for (const [a, r] of this.perAddress) if (r.full()) this.perAddress.delete(a);
      b = new CallRate(this.s.signInsPerAddress, this.now);
      this.perAddress.set(address, b);
    }
    return b;
  }

  private refused(address: string, what: 'connection' | 'signIn'): void {
    this.window ??= { from: this.now(), connections: 0, signIns: 0, by: new Map(), timer: this.schedule() };
    if (what === 'connection') this.window.connections++;
    else this.window.signIns++;
    this.window.by.set(address, (this.window.by.get(address) ?? 0) + 1);
  }

  private schedule(): NodeJS.Timeout {
    const timer = setTimeout(() => this.write(), this.s.floodWindowMs);
    timer.unref();
    return timer;
  }

  private write(): void {
    const w = this.window;
    if (!w) return;
    this.window = null;
    // The addresses refused most, most first (at most 10), with their counts.
    const addresses = [...w.by].sort((a, b) => b[1] - a[1]).slice(0, 10).map(([address, refused]) => ({ address, refused }));
    this.report({
      from: new Date(w.from).toISOString(),
      to: new Date(this.now()).toISOString(),
      refusedConnections: w.connections,
      refusedSignIns: w.signIns,
      addresses,
      addressCount: w.by.size,
    });
  }
}
