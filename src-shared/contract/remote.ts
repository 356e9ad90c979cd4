// Remote: where this app's data lives (issue 21): on this PC, or on a Besked server the app connects to as a client.
// These calls are answered by the desktop app itself (src-main/core/remote), never by a server: a server answers
// them with "this is a server".
import { z } from 'zod';
import { call, input, none, type CallSpec } from './basics';

/** A server's address as typed: host[:port] or https://host[:port]. */
export const ServerAddress = z.string().trim().min(1, 'Write the server\'s address').max(300);
/** SHA-256 of the server certificate, as colon-separated hex pairs (what the server prints at start). */
export const Fingerprint = z.string().regex(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/, 'A fingerprint is 32 hex pairs separated by colons');

export const ServerCertificate = z.object({
  /** The address normalised to https://host:port. */
  url: z.string(),
  fingerprint: Fingerprint,
  subject: z.string(),
  validTo: z.string(),
  /** Whether the certificate is signed by an authority this computer trusts (a self-signed one is not). */
  authorityTrusted: z.boolean(),
});
export type ServerCertificate = z.infer<typeof ServerCertificate>;

export const RemoteState = z.object({
  /** `thisPc`: the data is on this computer. `server`: this app is a client of the server below. */
  mode: z.enum(['thisPc', 'server']),
  server: z.object({ url: z.string(), fingerprint: Fingerprint }).nullable(),
  /** The link to the server: `certificateChanged` refuses to talk until the user looks at the new fingerprint. */
  link: z.enum(['none', 'connecting', 'connected', 'unreachable', 'certificateChanged']),
  /** The certificate the server now shows, when it differs from the pinned one. */
  presented: ServerCertificate.nullable(),
});
export type RemoteState = z.infer<typeof RemoteState>;

export const remoteCalls = {
  'remote.state': call(none, RemoteState, 'Whether the data is on this PC or on a server, and the link to it.'),
  'remote.probe': call(input({ address: ServerAddress }), ServerCertificate, 'Connects to a server once and reads its certificate, for the user to compare fingerprints.'),
  'remote.use': call(
    input({ url: z.string().max(300), fingerprint: Fingerprint }),
    RemoteState,
    'Pins the certificate and makes this app a client of the server (its own data stays untouched); the view reloads.',
  ),
  'remote.useThisPc': call(none, RemoteState, 'Goes back to the data on this PC; forgets the server session.'),
} as const satisfies Record<string, CallSpec>;

export const remoteEvents = {
  'remote.state': RemoteState,
} as const satisfies Record<string, z.ZodType>;

export { remoteRules } from './rules/remote';
