// When a page has settled: no call to the core unanswered and the DOM unchanged for a moment. A view asks the core
// for its lists after it appears, so a look (fit, axe, a screenshot) waits for the answers and their rendering instead
// of a fixed pause, which was half a second wasted on every fast look and still too short on a loaded machine.
import type { Page } from 'playwright-core';

/** What the watch uses of the page's window. */
interface PageGlobals {
  __beskedSettle?: { inFlight: Set<number>; lastChange: number };
  document: unknown;
  MutationObserver: new (callback: () => void) => { observe(target: unknown, options: Record<string, boolean>): void };
}

/**
 * Runs in the page: counts the bridge's calls (frames sent with an id) until their
 * answers (frames with that id) arrive, and notes when the DOM last changed. Plain JavaScript in the page: no imports.
 */
function watchForSettle(): void {
  // globalThis is the page's window there; this file is also compiled without the DOM (the bench loads the harness).
  const w = globalThis as unknown as PageGlobals;
  // Once per page: the app changes views by address, so a watch put in stays for the page's life.
  if (w.__beskedSettle) return;
  const state = { inFlight: new Set<number>(), lastChange: performance.now() };
  w.__beskedSettle = state;
  const watched = new WeakSet<WebSocket>();
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (this: WebSocket, data: string | ArrayBufferLike | Blob | ArrayBufferView) {
    if (!watched.has(this)) {
      watched.add(this);
      this.addEventListener('message', (e: MessageEvent) => {
        if (state.inFlight.size === 0 || typeof e.data !== 'string') return;
        try {
          const frame = JSON.parse(e.data) as { id?: unknown };
          if (typeof frame.id === 'number') state.inFlight.delete(frame.id);
        } catch {
          // Not JSON: not an answer.
        }
      });
      // A dropped connection's calls are answered by the bridge itself, never over this socket.
      this.addEventListener('close', () => state.inFlight.clear());
    }
    if (typeof data === 'string') {
      try {
        const frame = JSON.parse(data) as { id?: unknown; name?: unknown };
        if (typeof frame.id === 'number' && typeof frame.name === 'string') state.inFlight.add(frame.id);
      } catch {
        // Not JSON: not a call.
      }
    }
    return send.call(this, data);
  };
  new w.MutationObserver(() => (state.lastChange = performance.now())).observe(w.document, { subtree: true, childList: true, attributes: true, characterData: true });
}

/**
 * Puts the watch in the page unless it is there (one round trip). Put in by the test rather than as an init script:
 * an init script is also tried in the email preview's sandboxed frame, and Chromium reports the blocked script as a
 * console error. Calls sent before it are not counted: put it in before the step whose calls are waited for.
 */
export async function watchForSettleIn(page: Page): Promise<void> {
  await page.evaluate(watchForSettle);
}

/**
 * Waits (after watchForSettleIn) until no call is unanswered and the DOM has not changed for `quietMs`. After `maxMs`
 * it goes on as it is: a page that never settles (a live counter) is still looked at, as the fixed pause did.
 */
export async function settle(page: Page, { quietMs = 120, maxMs = 5_000 }: { quietMs?: number; maxMs?: number } = {}): Promise<void> {
  try {
    await page.waitForFunction(
      (quiet) => {
        const s = (globalThis as unknown as PageGlobals).__beskedSettle;
        // A page loaded again since the watch was put in has none: say so rather than judge a page nobody watched.
        if (!s) throw new Error('settle() needs watchForSettleIn(page) after the page was loaded');
        return s.inFlight.size === 0 && performance.now() - s.lastChange >= quiet;
      },
      quietMs,
      { polling: 30, timeout: maxMs },
    );
  } catch (err) {
    if (!(err instanceof Error && err.name === 'TimeoutError')) throw err;
  }
}
