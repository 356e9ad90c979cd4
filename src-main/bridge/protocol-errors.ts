// How a bridge connection ends when its peer breaks the WebSocket protocol (a frame over the size limit, a bad opcode,
// text that is not UTF-8): with the reason first, then cut.
import type { WebSocket } from 'ws';

/** How long a peer that broke the protocol keeps its socket after the close frame, at most. */
export const PROTOCOL_ERROR_GRACE_MS = 1_000;

/**
 * ws has already queued a close frame with the error's code (1009, 1002, 1007) when it emits the error, and ends the
 * socket once that frame is written. Terminating at once (as both servers did) dropped the frame whenever it waited
 * behind an event still being compressed for that window, and the peer saw 1006 without a reason. A peer that never
 * lets go is cut after the grace, not after ws's 30 s.
 */
export function cutAfterProtocolError(ws: WebSocket, graceMs = PROTOCOL_ERROR_GRACE_MS): void {
  ws.on('error', () => {
    const timer = setTimeout(() => ws.terminate(), graceMs);
    timer.unref();
    ws.once('close', () => clearTimeout(timer));
  });
}
