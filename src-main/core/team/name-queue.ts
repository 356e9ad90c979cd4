// Sign-in attempts at one name, one at a time: each attempt waits for the one before it at the same name, so parallel
// guesses are counted and checked in turn (the lockout sees every one of them) instead of all at once.
export class NameQueue {
  /** The last attempt queued at each name; a name leaves the map when its last attempt ends (nothing kept after). */
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, attempt: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    // The previous attempt's outcome is its caller's; this one only waits for it to end.
    const mine = before.then(attempt, attempt);
    const tail = mine.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return mine;
  }

  /** Names with attempts queued or running (for tests: nothing stays behind). */
  get size(): number {
    return this.tails.size;
  }
}
