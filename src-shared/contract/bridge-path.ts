// Where the contract's WebSocket listens, in web mode and on a Besked server alike: apart from wire.ts's schemas so
// the page's bridge connects without loading zod (issue 29); wire.ts re-exports it for the servers.
export const BRIDGE_PATH = '/bridge';
