// Sign-in attempts at one name run one at a time, in the order they came; other names do not wait; a failed attempt
// does not stop the next; nothing is kept of a name once its attempts end.
import { describe, expect, it } from 'vitest';
import { NameQueue } from '../../../src-main/core/team/name-queue';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('NameQueue', () => {
  it('runs attempts at one name one at a time, in order, and others beside them', async () => {
    const q = new NameQueue();
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const attempt = (key: string, i: number, fail = false) =>
      q.run(key, async () => {
        running++;
        most = Math.max(most, running);
        log.push(`${key}${i}+`);
        await tick();
        log.push(`${key}${i}-`);
        running--;
        if (fail) throw new Error(`${key}${i}`);
        return i;
      });
    const all = await Promise.allSettled([attempt('a', 1), attempt('a', 2, true), attempt('a', 3), attempt('b', 1)]);
    expect(all.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([1, 'a2', 3, 1]);
    const a = log.filter((l) => l.startsWith('a'));
    expect(a).toEqual(['a1+', 'a1-', 'a2+', 'a2-', 'a3+', 'a3-']);
    // b ran while a was busy.
    expect(log.indexOf('b1+')).toBeLessThan(log.indexOf('a1-'));
    expect(most).toBe(2);
    await tick();
    expect(q.size).toBe(0);
  });
});
