// The two Electron IPC channels that carry the whole contract (calls in, events out). Kept apart from
// contract.ts so the sandboxed preload can import them without bundling zod.
export const IPC_CALL = 'besked:call';
export const IPC_EVENT = 'besked:event';
