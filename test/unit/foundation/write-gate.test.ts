// The write gate (src-main/core/db/write-gate.ts): held by the core's own holds and by a worker's step flag; free()
// resolves when neither holds, never before, and wakes as soon as the last one lets go. A writer's claim keeps a
// worker thread's next step from beginning until it is released.
import { afterEach, describe, expect, it } from 'vitest';
import type { Worker } from 'node:worker_threads';
import { beginStep, coreWaiting, createStepFlags, createWriteGate, inStep } from '../../../src-main/core/db/write-gate';
import { startCoreThread } from '../../../src-main/core/core-thread';

const settledWithin = async (p: Promise<unknown>, ms: number) => {
  let done = false;
  void p.then(() => (done = true));
  await new Promise((r) => setTimeout(r, ms));
  return done;
};

describe('a write gate held by the core', () => {
  it('is free at once when nobody holds it', async () => {
    const gate = createWriteGate();
    expect(gate.held).toBe(false);
    expect(await settledWithin(gate.free(), 0)).toBe(true);
  });

  it('frees its waiters only when the last of overlapping holds is released, and a release twice counts once', async () => {
    const gate = createWriteGate();
    const a = gate.hold();
    const b = gate.hold();
    const waiting = gate.free();
    a();
    a();
    expect(gate.held).toBe(true);
    expect(await settledWithin(waiting, 20)).toBe(false);
    b();
    expect(gate.held).toBe(false);
    expect(await settledWithin(waiting, 0)).toBe(true);
  });
});

describe("a write gate watching a worker's step flag", () => {
  it('is held while the step runs, counts its waiters for the worker, and wakes them when the step ends', async () => {
    const gate = createWriteGate();
    const flags = createStepFlags();
    gate.watch(flags);
    const end = beginStep(flags);
    expect(gate.held).toBe(true);
    const waiting = gate.free();
    expect(await settledWithin(waiting, 20)).toBe(false);
    // The worker sees someone waiting, and lets them go first.
    expect(coreWaiting(flags)).toBe(true);
    const t0 = performance.now();
    end();
    await waiting;
    // Woken by the step's end, not by the waiter's own recheck (100 ms).
    expect(performance.now() - t0).toBeLessThan(80);
    expect(coreWaiting(flags)).toBe(false);
    expect(gate.held).toBe(false);
  });

  it('keeps waiting through its rechecks while a step lasts, and is free once the flags are no longer watched', async () => {
    const gate = createWriteGate();
    const flags = createStepFlags();
    const unwatch = gate.watch(flags);
    beginStep(flags);
    const waiting = gate.free();
    // Longer than a recheck: still held, still waiting.
    expect(await settledWithin(waiting, 250)).toBe(false);
    // A worker that died inside a step never lowers its flag; its thread's end stops the gate from watching it.
    unwatch();
    expect(gate.held).toBe(false);
    expect(await settledWithin(waiting, 150)).toBe(true);
  });

  it("inStep lowers the flag when the step throws too, and returns the step's value", () => {
    const flags = createStepFlags();
    const gate = createWriteGate();
    gate.watch(flags);
    expect(inStep(flags, () => (gate.held ? 'held' : 'free'))).toBe('held');
    expect(() =>
      inStep(flags, () => {
        throw new Error('disk full');
      }),
    ).toThrow('disk full');
    expect(gate.held).toBe(false);
  });

  it('waits for a hold and a step in turn when both are there', async () => {
    const gate = createWriteGate();
    const flags = createStepFlags();
    gate.watch(flags);
    const release = gate.hold();
    const end = beginStep(flags);
    const waiting = gate.free();
    release();
    expect(await settledWithin(waiting, 20)).toBe(false);
    end();
    expect(await settledWithin(waiting, 20)).toBe(true);
  });
});

describe("a writer's claim against a worker thread's steps", () => {
  let worker: Worker | null = null;
  afterEach(async () => {
    await worker?.terminate();
    worker = null;
  });

  /** A thread that begins steps on `flags` when told; resolves once it is ready. */
  async function stepThread(): Promise<{ began: () => Promise<number>; end: () => Promise<unknown>; begin: (flags: Int32Array) => void }> {
    const w = startCoreThread({ built: new URL('./no-bundle.js', import.meta.url), source: new URL('./step-thread.ts', import.meta.url) });
    worker = w;
    const next = (key: string) => new Promise<unknown>((resolve) => w.on('message', (m: Record<string, unknown>) => (key in m ? resolve(m[key]) : undefined)));
    await next('ready');
    return {
      // Resolves with the time (Date.now() on the thread) the step began.
      began: () => next('began') as Promise<number>,
      end: () => {
        const ended = next('ended');
        w.postMessage({ end: true });
        return ended;
      },
      begin: (flags) => w.postMessage({ flags }),
    };
  }

  it('runs the write in the same turn when the gate is free, and no step begins until the claim is released', async () => {
    const gate = createWriteGate();
    const flags = createStepFlags();
    gate.watch(flags);
    const thread = await stepThread();
    let ran = false;
    const release = gate.claim();
    expect(release).not.toBeNull();
    const began = thread.began();
    thread.begin(flags);
    // The thread waits while the claim stands (it would otherwise begin within a millisecond).
    expect(await settledWithin(began, 150)).toBe(false);
    expect(gate.claimed).toBe(true);
    release!();
    await began;
    expect(gate.held).toBe(true);
    // Now a claim is refused, and run() waits for the step's end before it writes.
    expect(gate.claim()).toBeNull();
    const written = gate.run(() => (ran = true));
    expect(await settledWithin(written, 50)).toBe(false);
    expect(ran).toBe(false);
    await thread.end();
    await written;
    expect(ran).toBe(true);
    // Free: run() calls its function before it returns, in the caller's turn.
    let now = false;
    void gate.run(() => (now = true));
    expect(now).toBe(true);
  });

  it('keeps the claim of a run to the end of its turn, so a step asked for meanwhile begins only after it; turn() claims alike', async () => {
    const gate = createWriteGate();
    const flags = createStepFlags();
    gate.watch(flags);
    const thread = await stepThread();
    const mode = Promise.resolve('sandbox');
    await gate.run(() => undefined);
    // Resumed in the same turn (as a handler that awaited its mode does): the claim stands.
    expect(await mode).toBe('sandbox');
    expect(gate.claimed).toBe(true);
    const began = thread.began();
    thread.begin(flags);
    // Still this turn, 150 ms of it: the thread waits (it would otherwise begin within a millisecond). Not read from
    // gate.held here: a waiting thread raises its flag for an instant each time it looks (beginStep), which `held`
    // may see; what counts is when the step began, which the thread reports.
    const until = Date.now() + 150;
    while (Date.now() < until) expect(gate.claimed).toBe(true);
    const lastInTurn = Date.now();
    // The step began no earlier than the turn's last moment, when the claim still stood.
    expect(await began).toBeGreaterThanOrEqual(lastInTurn);
    expect(gate.claimed).toBe(false);
    expect(gate.held).toBe(true);
    // Held by a step: turn() waits for its end, then claims to the end of that turn.
    const turned = gate.turn();
    expect(await settledWithin(turned, 50)).toBe(false);
    await thread.end();
    await turned;
    expect(gate.claimed).toBe(true);
    await new Promise((r) => setImmediate(r));
    expect(gate.claimed).toBe(false);
  });

  it("releases the claim when the write throws, and after an async write's synchronous start", async () => {
    const gate = createWriteGate();
    const flags = createStepFlags();
    gate.watch(flags);
    const thread = await stepThread();
    await expect(
      gate.run(() => {
        throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');
    let resume: () => void = () => undefined;
    const write = gate.run(async () => {
      await new Promise<void>((r) => (resume = r));
      return 'late part';
    });
    // The async write waits at its await with no claim standing: the thread's step begins.
    const began = thread.began();
    thread.begin(flags);
    await began;
    resume();
    expect(await write).toBe('late part');
    await thread.end();
    expect(gate.held).toBe(false);
  });
});
