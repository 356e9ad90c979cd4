// The automations' one-piece-of-work-at-a-time rule: work runs in the order it was asked for and never overlaps, a pass
// asked for after stop() does not run, a failed pass is logged rather than thrown, and stop() waits for the work in hand.
import { describe, expect, it } from 'vitest';
import type { Logger } from '../../../src-main/core/log';
import { OneAtATime } from '../../../src-main/core/automations/one-at-a-time';

const logger = (): Logger & { warnings: string[] } => {
  const warnings: string[] = [];
  return { warnings, info: () => undefined, warn: (m) => void warnings.push(m), error: () => undefined, addSecret: () => undefined };
};
const later = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Step = { kind: 'pass' | 'exclusive'; name: string; ms: number; fails?: boolean };

describe('one piece of work at a time', () => {
  it.each<[string, Step[], { stopAfter?: number; ran: string[]; warnings: string[] }]>([
    ['runs in the order asked for, a slow one first', [
      { kind: 'pass', name: 'a', ms: 20 },
      { kind: 'exclusive', name: 'b', ms: 0 },
      { kind: 'pass', name: 'c', ms: 5 },
    ], { ran: ['a+', 'a-', 'b+', 'b-', 'c+', 'c-'], warnings: [] }],
    ['a failed pass is logged and the next one still runs', [
      { kind: 'pass', name: 'a', ms: 5, fails: true },
      { kind: 'pass', name: 'b', ms: 0 },
    ], { ran: ['a+', 'b+', 'b-'], warnings: ['a failed'] }],
    ['a failed exclusive piece does not stop the queue', [
      { kind: 'exclusive', name: 'a', ms: 0, fails: true },
      { kind: 'pass', name: 'b', ms: 0 },
    ], { ran: ['a+', 'b+', 'b-'], warnings: [] }],
    ['stopped: the pass in hand ends, passes asked for later do not start, exclusive work still runs', [
      { kind: 'pass', name: 'a', ms: 20 },
      { kind: 'pass', name: 'b', ms: 0 },
      { kind: 'exclusive', name: 'c', ms: 0 },
    ], { stopAfter: 1, ran: ['a+', 'a-', 'c+', 'c-'], warnings: [] }],
  ])('%s', async (_name, steps, want) => {
    const log = logger();
    const work = new OneAtATime(log);
    const ran: string[] = [];
    const body = (s: Step) => async () => {
      ran.push(`${s.name}+`);
      await later(s.ms);
      if (s.fails) throw new Error(s.name);
      ran.push(`${s.name}-`);
    };
    const started: Promise<unknown>[] = [];
    let stopped: Promise<void> | null = null;
    for (const [i, s] of steps.entries()) {
      if (i === want.stopAfter) {
        await later(1); // the pass before is in hand by now
        stopped = work.stop();
      }
      started.push(s.kind === 'pass' ? work.pass(body(s), `${s.name} failed`) : work.exclusive(body(s)).catch(() => undefined));
    }
    await Promise.all(started);
    await stopped;
    expect(ran).toEqual(want.ran);
    expect(log.warnings).toEqual(want.warnings);
    expect(work.stopped).toBe(want.stopAfter !== undefined);
  });

  it('stop() resolves only after the work in hand; resume() lets passes run again', async () => {
    const work = new OneAtATime(logger());
    const ran: string[] = [];
    void work.pass(async () => {
      await later(20);
      ran.push('first');
    }, 'x');
    await later(1);
    await work.stop();
    expect(ran).toEqual(['first']);
    work.resume();
    await work.pass(async () => void ran.push('after resume'), 'x');
    expect(ran).toEqual(['first', 'after resume']);
  });
});
