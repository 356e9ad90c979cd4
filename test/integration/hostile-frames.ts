// WebSocket frames written by hand, as a hostile peer writes them: a header announcing more than the bridge takes,
// written straight onto the socket past the client's own framing. Both bridges must refuse such a frame from its header.
import type { WebSocket } from 'ws';

/** A masked text frame's header announcing `length` payload bytes (64-bit length; the mask key is arbitrary). */
export function announcingHeader(length: number): Buffer {
  const header = Buffer.alloc(14);
  header[0] = 0x81; // FIN, text
  header[1] = 0x80 | 127; // masked, 64-bit length
  header.writeBigUInt64BE(BigInt(length), 2);
  header.writeUInt32BE(0x01020304, 10); // the mask
  return header;
}

/** Writes bytes onto a ws client's socket as they are; the server may cut the socket while they are being written. */
export function writeRaw(ws: WebSocket, ...chunks: Buffer[]): void {
  const socket = (ws as unknown as { _socket: NodeJS.WritableStream & { on(e: string, f: () => void): void } })._socket;
  socket.on('error', () => undefined);
  for (const c of chunks) socket.write(c);
}
