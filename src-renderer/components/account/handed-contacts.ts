// Contacts handed to an account tab in the address, e.g. #/account?tab=lookup&contacts=4,8,15 from the Contacts view.
import type { LocationQuery } from 'vue-router';

export function handedContactIds(query: LocationQuery): number[] {
  const raw = query['contacts'];
  const text = Array.isArray(raw) ? raw.join(',') : (raw ?? '');
  return [...new Set(text.split(',').map((s) => Number(s.trim())).filter((n) => Number.isSafeInteger(n) && n > 0))];
}
