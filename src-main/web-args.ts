// Parses web mode's command line: --port N (0 picks a free port) and --data DIR.
export interface WebArgs {
  port: number;
  data?: string;
}

export function parseWebArgs(argv: string[]): WebArgs | { error: string } {
  const out: WebArgs = { port: 0 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const [flag, inline] = a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const value = () => inline ?? argv[++i];
    if (flag === '--port') {
      const v = value();
      const n = Number(v);
      if (v === undefined || !Number.isInteger(n) || n < 0 || n > 65535) return { error: `--port needs a number from 0 to 65535, got ${v ?? 'nothing'}` };
      out.port = n;
    } else if (flag === '--data') {
      const v = value();
      if (!v) return { error: '--data needs a folder' };
      out.data = v;
    } else {
      return { error: `Unknown option ${a}` };
    }
  }
  return out;
}
