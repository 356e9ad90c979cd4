// Usage reports: one POST /api/usage/labels per day or week of the range, a few at a time, added up.
import type { FileDownload, UsageGranularity, UsageReport } from '../../../src-shared/contract';
import type { AccountDeps } from './deps';
import { buildUsageReport, usageBuckets, usageCsv, type BucketAnswer } from './usage-report';
import { csvDownload } from '../downloads/csv-file';

export interface UsageQueryInput {
  from: string;
  to: string;
  label?: string | undefined;
  granularity: UsageGranularity;
}

/** Requests in flight at once: well below the gateway's 40 connections, and kind to it. */
const PARALLEL = 4;
/** An export right after viewing reuses the answers instead of asking the gateway again. */
const REUSE_MS = 5 * 60_000;

export class UsageService {
  private last: { key: string; at: number; answers: BucketAnswer[]; fetchedAt: string } | null = null;

  constructor(private readonly deps: AccountDeps) {}

  async report(q: UsageQueryInput): Promise<UsageReport> {
    const { answers, fetchedAt } = await this.answers(q, false);
    return buildUsageReport(q, answers, fetchedAt);
  }

  async exportCsv(q: UsageQueryInput): Promise<FileDownload> {
    const { answers } = await this.answers(q, true);
    const label = q.label?.trim() ? `-${q.label.trim().replace(/[^\p{L}\p{N}_-]+/gu, '_').slice(0, 40)}` : '';
    return csvDownload(`besked-usage-${q.from}-to-${q.to}${label}.csv`, usageCsv(answers), { whatToDo: 'Choose a shorter range, or one label.' });
  }

  private async answers(q: UsageQueryInput, reuse: boolean): Promise<{ answers: BucketAnswer[]; fetchedAt: string }> {
    const mode = await this.deps.mode();
    const label = q.label?.trim() ? q.label.trim() : undefined;
    const key = JSON.stringify([mode, q.from, q.to, label ?? null, q.granularity]);
    const now = this.deps.now().getTime();
    if (reuse && this.last?.key === key && now - this.last.at < REUSE_MS) return this.last;
    const buckets = usageBuckets(q.from, q.to, q.granularity);
    const answers: BucketAnswer[] = new Array<BucketAnswer>(buckets.length);
    let next = 0;
    const worker = async () => {
      while (next < buckets.length) {
        const i = next++;
        const b = buckets[i]!;
        try {
          const items = await this.deps.gateway.usageByLabel({ from: b.from, to: b.to, ...(label === undefined ? {} : { label }) });
          answers[i] = { ...b, items };
        } catch (err) {
          next = buckets.length; // one failure fails the report: stop asking
          throw err;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, buckets.length) }, worker));
    this.last = { key, at: now, answers, fetchedAt: this.deps.now().toISOString() };
    return this.last;
  }
}
