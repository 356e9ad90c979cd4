// What every endpoint family of the legacy interface shares: dates as YYYY-MM-DD, the error body, and the
// bodies the spec does not show.
import { z } from 'zod';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const IsoDate = z.string().refine((s) => {
  if (!DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
}, 'Must be a date written as YYYY-MM-DD');

/** Bodies whose shape the spec does not show: anything JSON (or nothing) is accepted. */
export const Unspecified = z.unknown();

/** Error body of the legacy interface; `message` holds `%1`-style placeholders filled from `variables`. */
export const LegacyErrorBody = z.looseObject({
  code: z.string().optional(),
  incident_uuid: z.string().optional(),
  message: z.string(),
  variables: z.array(z.string()).optional(),
});
