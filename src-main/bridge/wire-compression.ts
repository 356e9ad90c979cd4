// How the bridge's sockets (web mode, the team server) compress what they carry: frames of a kilobyte or more are
// deflated (RFC 7692, which every browser offers), since a phone on mobile data waits ~1 s for an inbox of 200
// conversations' 40 KB of JSON and a tenth of that once deflated; smaller frames (most answers and events) go as they are.
import type { PerMessageDeflateOptions } from 'ws';

export const BRIDGE_DEFLATE: PerMessageDeflateOptions = {
  // ws's default, said here: below it compressing costs more than the bytes it saves.
  threshold: 1024,
  // An inflated frame is still measured against maxPayload and its call's limit (frame-limits.ts), so a small
  // compressed frame cannot stand in for a large call.
};
