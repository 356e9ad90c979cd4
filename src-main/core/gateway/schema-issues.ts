// Turns zod issues into FieldIssue values (path + message), the shape every gateway error and the UI share.
import type { z } from 'zod';
import type { FieldIssue } from '../../../src-shared/errors';

export function issuesOf(error: z.ZodError, prefix: (string | number)[] = []): FieldIssue[] {
  return error.issues.map((i) => ({
    path: [...prefix, ...i.path.filter((p): p is string | number => typeof p !== 'symbol')],
    message: i.message,
  }));
}
