// Parses the server's command line: --host ADDR (127.0.0.1; 0.0.0.0 serves the network), --port N (8443; 0 picks a
// free port), --data DIR, --cert FILE with --key FILE (the user's own certificate), --name NAME (shown to users),
// --restore FILE (a backup to restore into the data folder before the server starts).
// --public (allow an address the internet can reach; server-exposure.ts).
import { isIPv6 } from 'node:net';

export interface ServerArgs {
  host: string;
  port: number;
  data?: string;
  cert?: string;
  key?: string;
  name?: string;
  restore?: string;
  /** Serve an address the internet can reach (refused without it). */
  public?: boolean;
}

export const SERVER_USAGE = 'Usage: npm run server -- [--host ADDR] [--port N] [--data DIR] [--cert FILE --key FILE] [--name NAME] [--restore FILE] [--public]';

/** A host name or an IPv4 address: what listen() takes, and nothing with a scheme, a path or a port. */
const NAME_OR_V4 = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const validHost = (v: string) => (v.includes(':') ? isIPv6(v) : NAME_OR_V4.test(v));

export function parseServerArgs(argv: string[]): ServerArgs | { error: string } {
  const out: ServerArgs = { host: '127.0.0.1', port: 8443 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const [flag, inline] = a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const value = () => inline ?? argv[++i];
    if (flag === '--port') {
      const v = value();
      const n = Number(v);
      if (v === undefined || v === '' || !Number.isInteger(n) || n < 0 || n > 65535) return { error: `--port needs a number from 0 to 65535, got ${v ?? 'nothing'}` };
      out.port = n;
    } else if (flag === '--host') {
      const v = value();
      if (!v || !validHost(v)) return { error: `--host needs an address such as 0.0.0.0 or 192.168.1.20, got ${v ?? 'nothing'}` };
      out.host = v;
    } else if (flag === '--public' && inline === undefined) {
      out.public = true;
    } else if (flag === '--data' || flag === '--cert' || flag === '--key' || flag === '--name' || flag === '--restore') {
      const v = value()?.trim();
      if (!v) return { error: `${flag} needs ${flag === '--name' ? 'a name' : flag === '--data' ? 'a folder' : 'a file'}` };
      if (flag === '--name' && v.length > 60) return { error: '--name holds at most 60 characters' };
      out[flag.slice(2) as 'data' | 'cert' | 'key' | 'name' | 'restore'] = v;
    } else {
      return { error: `Unknown option ${a}` };
    }
  }
  if ((out.cert === undefined) !== (out.key === undefined)) return { error: '--cert and --key go together: give both files, or neither for a self-signed certificate' };
  return out;
}
