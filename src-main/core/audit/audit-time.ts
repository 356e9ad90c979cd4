// The time bounds of an audit query: any date and time JavaScript reads, compared as the UTC ISO text the trail
// stores; anything else is refused by name rather than matching nothing.
import { coded } from '../../../src-shared/error-codes';
import { BeskedError } from '../errors';

export function auditTime(value: string | undefined, field: 'from' | 'to'): string | undefined {
  if (value === undefined) return undefined;
  const t = Date.parse(value);
  if (Number.isNaN(t)) {
    throw new BeskedError('validation', `${value} is not a date and time. Choose the period again.`, {
      fields: [{ path: [field], message: 'not a date and time' }],
      ...coded('audit.badTime', { value: value.slice(0, 40) }),
    });
  }
  return new Date(t).toISOString();
}
