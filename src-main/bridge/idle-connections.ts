// How long the app's servers (web mode's loopback server and the team server) keep a page's idle connection open.
/**
 * A browser loads the app's files over several connections at once and keeps them for minutes; Node's default (5 s)
 * closed them all at the same moment, and a file the page asked for just then (a screen's styles, loaded when first
 * shown) met closed connection after closed connection: Chromium gave up after three (net::ERR_TOO_MANY_RETRIES, seen
 * in test/e2e/team-phone.test.ts over TLS on a loaded machine). 65 s is about as long as a stranger may already hold a
 * connection without sending its request (Node's headersTimeout, 60 s), so it opens no new way to hold the server.
 */
export const KEEP_ALIVE_MS = 65_000;
