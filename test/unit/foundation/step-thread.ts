// A worker thread that begins a step the way an import's thread does (write-gate.ts beginStep), for the write gate's
// tests: told {flags}, it begins a step (waiting on this thread while the core claims the gate), says {began} with the
// time it began, and ends the step when told {end}.
import { parentPort } from 'node:worker_threads';
import { beginStep, type StepFlags } from '../../../src-main/core/db/write-gate';

let end: (() => void) | null = null;
parentPort!.on('message', (m: { flags: StepFlags } | { end: true }) => {
  if ('flags' in m) {
    end = beginStep(m.flags);
    parentPort!.postMessage({ began: Date.now() });
  } else {
    end?.();
    end = null;
    parentPort!.postMessage({ ended: true });
  }
});
parentPort!.postMessage({ ready: true });
