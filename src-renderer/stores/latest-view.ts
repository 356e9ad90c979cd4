// A view the core both answers when asked and announces when it changes (settings, backups, storage, where the data
// is): an answer to a question asked before the latest change is older than that change, so it is dropped rather than
// shown. Without this a slow load put the old settings back on the screen after the user had changed them.
import { ref, type Ref } from 'vue';

export interface LatestView<T> {
  value: Ref<T | null>;
  /** A view that came by a change: an answer to the user's own change, or the core's announcement of one. */
  changed(v: T): void;
  /** Asks for the view; shown only if no change came while the question was out. */
  load(ask: () => Promise<T>): Promise<void>;
}

export function latestView<T>(): LatestView<T> {
  const value = ref(null) as Ref<T | null>;
  let changes = 0;
  return {
    value,
    changed(v) {
      changes++;
      value.value = v;
    },
    async load(ask) {
      const before = changes;
      const v = await ask();
      if (changes === before) value.value = v;
    },
  };
}
