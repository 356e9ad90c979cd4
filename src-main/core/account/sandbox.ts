// Sandbox mode's gateway: the built-in simulator, started on first use on a free loopback port, keeping
// its state in the data folder so the demo account's history survives a restart.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { startSimulator } from '../../../src-sim/index';

export interface SandboxTarget {
  url: string;
  token: string;
}

export class SandboxGateway {
  private starting: Promise<{ target: SandboxTarget; close: () => Promise<void> }> | null = null;
  /** The running simulator's clock, once started: automations in sandbox mode run on it. */
  private clock: { now(): number } | null = null;

  constructor(private readonly opts: { dataDir: string | null; speed?: number }) {}

  async target(): Promise<SandboxTarget> {
    this.starting ??= this.start();
    try {
      return (await this.starting).target;
    } catch (err) {
      this.starting = null;
      throw err;
    }
  }

  private async start() {
    // A fresh random token each run: the sandbox is reachable only from this machine, and only by Besked.
    const token = 'sandbox-' + randomBytes(18).toString('base64url');
    const sim = await startSimulator({
      port: 0,
      token,
      speed: this.opts.speed ?? 1,
      ...(this.opts.dataDir ? { state: join(this.opts.dataDir, 'sandbox-gateway.json') } : {}),
    });
    this.clock = sim.clock;
    return { target: { url: sim.url, token }, close: () => sim.close() };
  }

  /** The test gateway's time (ms), moved forward by the Sandbox tools; null before it has started. */
  clockNow(): number | null {
    return this.clock?.now() ?? null;
  }

  async close(): Promise<void> {
    const s = this.starting;
    this.starting = null;
    this.clock = null;
    if (s) await (await s.catch(() => null))?.close();
  }
}
