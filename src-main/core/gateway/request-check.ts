// Checks a request against its schema before anything goes out, so invalid input fails with field paths and nothing sent.
import type { z } from 'zod';
import { validationErrorFromIssues } from './error-mapping';
import { issuesOf } from './schema-issues';

export function checkRequest<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const r = schema.safeParse(input);
  if (!r.success) throw validationErrorFromIssues(what, issuesOf(r.error));
  return r.data;
}
