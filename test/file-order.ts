// The order test files start in: the longest first, so that no long file starts last and runs alone while the other
// workers have finished (the clean clone CI runs has no timings of its own yet, and vitest's fallback for it is the
// file's size, which put the 100-second responsive walk near the end of E2E).
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { relative } from 'node:path';

/**
 * Seconds a file took, measured alone on the 2-core development machine (29 November) including its beforeAll; files
 * not listed count as 0. A rough scale is enough: vitest's own timings of the last run, where it has them, come first.
 */
export const MEASURED_SECONDS: Readonly<Record<string, number>> = {
  // e2e
  'test/e2e/responsive.test.ts': 100,
  'test/e2e/compose.test.ts': 100,
  'test/e2e/a11y.test.ts': 95,
  'test/e2e/load.test.ts': 90,
  'test/e2e/account.test.ts': 90,
  'test/e2e/team.test.ts': 65,
  'test/e2e/contacts.test.ts': 65,
  'test/e2e/inbox.test.ts': 65,
  'test/e2e/automations.test.ts': 55,
  'test/e2e/crash.test.ts': 50,
  'test/e2e/a11y-automations.test.ts': 40,
  'test/e2e/backup-restore-file.test.ts': 40,
  'test/e2e/privacy.test.ts': 30,
  'test/e2e/team-phone.test.ts': 25,
  // integration
  'test/integration/backup/restore-upload.test.ts': 55,
  'test/integration/reliability/faults-sending.test.ts': 53,
  'test/integration/automations/recurring-runs.test.ts': 43,
  'test/integration/foundation/migrations/views.test.ts': 42,
  'test/integration/automations/date-field-runs.test.ts': 41,
  'test/integration/sim/process.test.ts': 39,
  'test/integration/contacts/import.test.ts': 37,
  'test/integration/contacts/import-index-thread.test.ts': 36,
  'test/integration/contacts/contacts.test.ts': 34,
  'test/integration/contacts/import-crash.test.ts': 33,
  'test/integration/backup/restore.test.ts': 31,
  'test/integration/reliability/faults-polling.test.ts': 29,
  'test/integration/automations/crash.test.ts': 28,
  'test/integration/automations/auto-reply-crash.test.ts': 27,
  'test/integration/backup/never-twice.test.ts': 26,
};

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const seconds = (f: TestSpecification): number => {
      const path = relative(this.ctx.config.root, f.moduleId).split('\\').join('/');
      const last = cache.getFileTestResults(`${f.project.name}:${path}`);
      return last ? last.duration / 1000 : (MEASURED_SECONDS[path] ?? 0);
    };
    const weight = new Map(files.map((f) => [f, seconds(f)]));
    // Groups still run one after another (sequence.groupOrder); within one, projects share the workers.
    return [...files].sort(
      (a, b) => a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder || weight.get(b)! - weight.get(a)!,
    );
  }
}
