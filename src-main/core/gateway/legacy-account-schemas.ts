// The legacy interface's account bodies: the account and its credit (/rest/me), the price list
// (/api/prices) and usage by label (/api/usage/labels).
import { z } from 'zod';
import { IsoDate } from './legacy-shared-schemas';

/**
 * The credit as the spec gives it, a string like "10000.00". Anything that is not a plain decimal number would
 * become NaN (a crash further on) or, for "", a made-up balance of 0, so it is refused as a malformed answer.
 */
const CreditAmount = z
  .string()
  .regex(/^\s*-?\d+(\.\d+)?\s*$/, 'Expected a decimal number such as "123.45"')
  .refine((s) => Number.isFinite(Number(s)), 'Number too large');

export const Account = z.looseObject({
  credit: CreditAmount,
  currency: z.string(),
  id: z.int(),
});
export type Account = z.output<typeof Account>;

export const PriceItem = z.looseObject({
  country: z.string(),
  country_name: z.string(),
  dkk: z.number(),
  eur: z.number(),
  prefix: z.int(),
});
export const PriceList = z.looseObject({
  premium: z.array(PriceItem),
  standard: z.array(PriceItem),
});
export type PriceList = z.output<typeof PriceList>;

export const UsageLabelsRequest = z.strictObject({
  from: IsoDate,
  to: IsoDate,
  label: z.string().optional(),
});
export type UsageLabelsRequest = z.input<typeof UsageLabelsRequest>;

export const UsageLabelItem = z.looseObject({
  amount: z.number(),
  cost: z.number(),
  country: z.string(),
  currency: z.string(),
  label: z.string().nullable(),
  messageclass_id: z.string(),
});
export const UsageLabelsResponse = z.array(UsageLabelItem);
export type UsageLabelItem = z.output<typeof UsageLabelItem>;
