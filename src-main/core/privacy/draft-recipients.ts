// Takes an erased person out of what drafts were told to send to (recipient_spec: picked contacts and typed numbers);
// a frozen campaign's recipients are its rows, handled by erasure.ts.
import type { Db } from '../db/database';
import { normalisePhone } from '../../../src-shared/phone';
import { defaultCountry } from '../contacts/contact-prefs';
import type { Person } from './person';

interface Spec {
  contactIds?: number[];
  numbers?: string[];
}

export function forgetInDrafts(db: Db, person: Person, contactIds: readonly number[]): void {
  const country = defaultCountry(db);
  const rows = db.prepare("SELECT id, recipient_spec AS spec FROM campaigns WHERE recipient_spec <> '{}'").all() as { id: number; spec: string }[];
  const update = db.prepare('UPDATE campaigns SET recipient_spec = ? WHERE id = ?');
  for (const r of rows) {
    let spec: Spec;
    try {
      spec = JSON.parse(r.spec) as Spec;
    } catch {
      continue;
    }
    const numbers = spec.numbers?.filter((n) => {
      const p = normalisePhone(n, country);
      return !(p.ok && p.msisdn === person.msisdn);
    });
    const ids = spec.contactIds?.filter((id) => !contactIds.includes(id));
    if (numbers?.length === spec.numbers?.length && ids?.length === spec.contactIds?.length) continue;
    update.run(JSON.stringify({ ...spec, ...(numbers ? { numbers } : {}), ...(ids ? { contactIds: ids } : {}) }), r.id);
  }
}
