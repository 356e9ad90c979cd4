// Who may write on the core's connection while another connection holds the database's write lock: an import's
// worker thread (contacts/import/apply-worker.ts) saves in one transaction (0.9 s for 100,000 contacts, about ten
// times that for 1,000,000), then indexes in steps of about 250 ms and merges in steps of about 40. A write on the
// core's connection meanwhile waited in SQLite's busy handler, which sleeps on the core's thread: every colleague's
// call and every poller stood still as long (the inbox poller's cursor write held the core 179–842 ms during an import
// of 100,000; the handler's growing sleeps miss the 2 ms between two index steps), and past busy_timeout (5 s) the
// write failed.
// So the core's writers ask the gate first and wait without holding the event loop.
//
// Two signs make the gate held. The core's thread holds it from before it asks the worker to save until the worker
// answers (`hold`). And the worker raises a flag in memory both threads share while it is inside any write
// transaction of its own (`watch`, StepFlags), lowering it, and waking the core's waiters, when the transaction ends;
// it pauses before its next step while one of them is waiting, so that their write goes first.
//
// A writer that found the gate free could still meet a step begun an instant later, and wait for it in the busy
// handler (the outbox's settling met the merge steps after an import of 100,000 that way, holding the core 20–35 ms
// a time). So a writer claims the gate (`run`, `claim`): it raises a second shared flag, and a worker about to begin
// a step waits while that flag is up (Dekker's handshake over sequentially consistent Atomics: of a writer and a step
// starting at the same instant, at least one sees the other, and the writer goes first).
//
// A claim made by `run` stands until the end of that turn of the event loop, not just while its function runs: a
// handler that awaits a settled promise (the mode, a cached token) resumes in the same turn and writes then, which a
// step begun in between would have made wait in the busy handler. Code that resumes after an outside wait (the
// gateway's answer: gateway/caller.ts; a webhook's request) takes such a claim with `turn` before it writes.
import type { Db } from './database';

/**
 * Shared by the core's thread and a worker that writes in steps: [IN_STEP] is 1 while the worker is inside a write
 * transaction; [WAITING] counts the core's writers waiting for it to end.
 */
export type StepFlags = Int32Array;
const IN_STEP = 0;
const WAITING = 1;
/** Counts the core's writers inside their claim (run, claim, turn): a step does not begin meanwhile. */
const CORE_WRITING = 2;
/** How long a worker waits at a time for the core's claims to end before it looks again. */
const CLAIM_WAIT_MS = 20;
/** A waiter looks again after this long even unwoken (a worker that died inside a step never lowers its flag). */
const RECHECK_MS = 100;

export function createStepFlags(): StepFlags {
  return new Int32Array(new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT));
}

/**
 * The worker's side: raises the flag before a write transaction begins, once no writer of the core's holds a claim
 * (waiting on this thread meanwhile: a worker has nothing else to do); the returned function lowers it after.
 */
export function beginStep(flags: StepFlags): () => void {
  for (;;) {
    Atomics.store(flags, IN_STEP, 1);
    const writing = Atomics.load(flags, CORE_WRITING);
    if (writing === 0) break;
    // The core's writer goes first: the flag comes down (waking a writer that saw it up) until its claim ends.
    Atomics.store(flags, IN_STEP, 0);
    Atomics.notify(flags, IN_STEP);
    Atomics.wait(flags, CORE_WRITING, writing, CLAIM_WAIT_MS);
  }
  return () => {
    Atomics.store(flags, IN_STEP, 0);
    Atomics.notify(flags, IN_STEP);
  };
}

/** The worker's side: runs `fn` (one write transaction) with the flag raised, and wakes the waiters after it. */
export function inStep<T>(flags: StepFlags, fn: () => T): T {
  const end = beginStep(flags);
  try {
    return fn();
  } finally {
    end();
  }
}

/** The worker's side: true while a writer of the core's waits for the step that just ended. */
export function coreWaiting(flags: StepFlags): boolean {
  return Atomics.load(flags, WAITING) > 0;
}

export interface WriteGate {
  /** Held until the returned release is called (idempotent); holds may overlap (two imports saving). */
  hold(): () => void;
  /** Consulted until the returned function is called: a worker's flags (StepFlags). */
  watch(flags: StepFlags): () => void;
  /** True while another connection is known to hold the write lock. */
  readonly held: boolean;
  /** True while a claim of the core's stands (claim, run, turn): no step begins meanwhile. */
  readonly claimed: boolean;
  /** Resolves at once when the gate is free, else when it is; never rejects. */
  free(): Promise<void>;
  /**
   * Claims the gate for the caller's synchronous write, if it is free: until the returned release is called no
   * worker's step begins. Null when it is held (nothing claimed).
   */
  claim(): (() => void) | null;
  /**
   * Runs `fn` once the gate is free, in the same turn as it finds it free, with the gate claimed until that turn of
   * the event loop ends (an async `fn` up to its first wait for something outside: a timer, a request, a file; after
   * it a write must claim again). Rejects as `fn`.
   */
  run<T>(fn: () => T | PromiseLike<T>): Promise<T>;
  /**
   * Resolves once the gate is free, with it claimed until the end of that turn of the event loop: what the caller
   * writes after awaiting it, before anything else can run, is made before any step begins. For code that resumes
   * after an outside wait (a gateway's answer, a webhook's request) and then writes.
   */
  turn(): Promise<void>;
}

export function createWriteGate(): WriteGate {
  let holds = 0;
  let claims = 0;
  let waiters: (() => void)[] = [];
  const watched = new Set<StepFlags>();
  const busyWorker = () => {
    for (const f of watched) if (Atomics.load(f, IN_STEP) === 1) return f;
    return undefined;
  };
  const unclaim = (flags: Iterable<StepFlags>) => {
    for (const f of flags) {
      Atomics.sub(f, CORE_WRITING, 1);
      Atomics.notify(f, CORE_WRITING);
    }
  };
  const gate: WriteGate = {
    hold() {
      holds++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds--;
        if (holds > 0) return;
        const ready = waiters;
        waiters = [];
        for (const w of ready) w();
      };
    },
    watch(flags) {
      watched.add(flags);
      return () => void watched.delete(flags);
    },
    get held() {
      return holds > 0 || busyWorker() !== undefined;
    },
    get claimed() {
      return claims > 0;
    },
    claim() {
      if (holds > 0) return null;
      const raised = [...watched];
      for (const f of raised) Atomics.add(f, CORE_WRITING, 1);
      // Raised first, then looked: a step that began before the flag went up is seen here.
      if (raised.some((f) => Atomics.load(f, IN_STEP) === 1)) {
        unclaim(raised);
        return null;
      }
      claims++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        claims--;
        unclaim(raised);
      };
    },
    async run(fn) {
      for (;;) {
        const release = gate.claim();
        if (release) {
          try {
            return fn();
          } finally {
            // Kept to the end of this turn: code that awaited only settled promises after its start (the mode, a
            // cached token, this very run) resumes within the turn, and its writes come before a step can begin.
            setImmediate(release);
          }
        }
        await gate.free();
      }
    },
    turn() {
      return gate.run(() => undefined);
    },
    async free() {
      for (;;) {
        if (holds > 0) {
          await new Promise<void>((resolve) => waiters.push(resolve));
          continue;
        }
        const flags = busyWorker();
        if (!flags) return;
        Atomics.add(flags, WAITING, 1);
        try {
          const w = Atomics.waitAsync(flags, IN_STEP, 1, RECHECK_MS);
          if (w.async) await w.value;
        } finally {
          Atomics.sub(flags, WAITING, 1);
        }
      }
    },
  };
  return gate;
}

const gates = new WeakMap<Db, WriteGate>();

/** The one gate of the core's connection `db`: every module that writes through it asks the same gate. */
export function writeGate(db: Db): WriteGate {
  let gate = gates.get(db);
  if (!gate) {
    gate = createWriteGate();
    gates.set(db, gate);
  }
  return gate;
}
