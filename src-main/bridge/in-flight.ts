// What one window's connection may have in hand at once (issue 26.8): beyond a few calls or a bound of bytes the
// socket stops reading until an answer has gone, so a window sending faster than it is answered waits in TCP instead
// of filling the server's memory.
import type { WebSocket } from 'ws';

export interface InFlightLimits {
  calls: number;
  bytes: number;
}
/** Eight calls or 32 MiB of frames in hand: the largest call (an email with attachments) fits alone. */
export const DEFAULT_IN_FLIGHT: InFlightLimits = { calls: 8, bytes: 32 * 1024 * 1024 };

export class InFlight {
  private calls = 0;
  private bytes = 0;

  constructor(
    private readonly ws: Pick<WebSocket, 'pause' | 'resume' | 'isPaused'>,
    private readonly limits: InFlightLimits = DEFAULT_IN_FLIGHT,
  ) {}

  /** Runs one call of `bytes`, pausing the socket's reading while the connection has its fill in hand. */
  async run<T>(bytes: number, fn: () => Promise<T>): Promise<T> {
    this.calls++;
    this.bytes += bytes;
    if (this.full() && !this.ws.isPaused) this.ws.pause();
    try {
      return await fn();
    } finally {
      this.calls--;
      this.bytes -= bytes;
      if (!this.full() && this.ws.isPaused) this.ws.resume();
    }
  }

  private full(): boolean {
    return this.calls >= this.limits.calls || this.bytes >= this.limits.bytes;
  }
}
