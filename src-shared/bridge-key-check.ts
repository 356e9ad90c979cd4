// Web mode's key check: where the page asks whether its key is this run's, and what it is told. A browser never
// shows the page why a WebSocket upgrade was refused, so "wrong key" and "not running" need this second question.
export const KEY_CHECK_PATH = '/bridge/key-check';

/** Always 200 (a 4xx would be logged in the browser's console as a failure): whether the key is this run's. */
export interface KeyCheckAnswer {
  valid: boolean;
}
