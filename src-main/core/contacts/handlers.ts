// The contract's contacts.* and groups.* calls, composed from the stores; core.ts spreads them into its
// handlers. Every change tells the renderer through the contacts.changed event.
import { join } from 'node:path';
import type { Handlers } from '../dispatch';
import type { Db } from '../db/database';
import type { EventBus } from '../events';
import type { Logger } from '../log';
import { IMPORT_MAX_BYTES, type CallName, type ContactsChanged } from '../../../src-shared/contract';
import type { z } from 'zod';
import type { CountryCode } from '../../../src-shared/phone';
import { BeskedError } from '../errors';
import { ContactStore } from './contact-store';
import { UNDO_WINDOW_MS } from './contact-trash';
import { GroupStore } from './groups';
import { optIn, optOutMany, reinstateErasedOptOut } from './consent';
import { listMergeFields } from './custom-fields';
import { defaultCountry, setDefaultCountry } from './contact-prefs';
import { exportCsv, exportXlsx } from './contact-export';
import { consentLogCsv } from './consent-export';
import { ContactImporter } from './import/importer';
import { UPLOAD_CHUNK_BYTES } from './import/uploads';
import { SearchIndexUpkeep } from './search-index';
import { coded } from '../../../src-shared/error-codes';

export interface ContactsDeps {
  db: Db;
  events: EventBus;
  dataDir: string;
  log: Logger;
  /** The core's clock (core/clock.ts): consent times, when contacts and groups were made and changed. */
  now: () => number;
}

export type ContactsCallName = Extract<CallName, `contacts.${string}` | `groups.${string}`>;

/** Who the consent log names for what the Besked user does by hand. */
export const MANUAL_BY = 'you (in Besked)';

export function contactsHandlers(deps: ContactsDeps): { handlers: Pick<Handlers, ContactsCallName>; stop(): Promise<void> } {
  const { db, events } = deps;
  const upkeep = new SearchIndexUpkeep(db, deps.log);
  // An import that was saved but not fully indexed or merged when Besked stopped is finished now.
  upkeep.resumeAtStart();
  const contacts = new ContactStore(db, () => upkeep.schedule(), deps.now);
  const groups = new GroupStore(db, deps.now);
  const importer = new ContactImporter(db, events, join(deps.dataDir, 'imports'), deps.log, () => upkeep.catchUp(), deps.now);
  contacts.purgeTrash(new Date(deps.now() - UNDO_WINDOW_MS));
  const changed = (reason: z.infer<typeof ContactsChanged>['reason']) => events.emit('contacts.changed', { reason });
  const country = (c: CountryCode | undefined) => c ?? defaultCountry(db);

  return { handlers: handlersOf(), stop: () => importer.stop() };

  function handlersOf(): Pick<Handlers, ContactsCallName> {
    return {
      'contacts.overview': () => ({
        ...contacts.totals(),
        groups: groups.list(),
        fields: listMergeFields(db),
        defaultCountry: defaultCountry(db),
      }),
      'contacts.list': ({ filter, sort, offset, limit }) => contacts.list(filter, sort ?? 'name', offset ?? 0, limit ?? 100),
      'contacts.get': ({ id }) => contacts.get(id),
      'contacts.create': ({ defaultCountry: c, ...draft }) => {
        let contact = contacts.create(draft, country(c as CountryCode | undefined));
        if (reinstateErasedOptOut(db, contact.msisdn, new Date(contact.updatedAt))) contact = contacts.get(contact.id);
        changed('created');
        return contact;
      },
      'contacts.update': ({ id, defaultCountry: c, ...patch }) => {
        let contact = contacts.update(id, patch, country(c as CountryCode | undefined));
        if (reinstateErasedOptOut(db, contact.msisdn, new Date(contact.updatedAt))) contact = contacts.get(contact.id);
        changed('updated');
        return contact;
      },
      'contacts.delete': ({ selection }) => {
        const ids = contacts.resolve(selection);
        const r = contacts.delete(ids);
        changed('deleted');
        return r;
      },
      'contacts.deleteOne': ({ id }) => {
        // The same delete with undo as a selection's, for exactly one contact that exists.
        if (contacts.resolve({ ids: [id] }).length === 0) throw new BeskedError('not_found', 'This contact no longer exists. It may have been deleted.', coded('contact.notFound'));
        const r = contacts.delete([id]);
        changed('deleted');
        return r;
      },
      'contacts.undoDelete': ({ undoToken }) => {
        const r = contacts.undoDelete(undoToken);
        changed('restored');
        return r;
      },
      'contacts.selectionIds': ({ selection }) => ({ ids: contacts.resolve(selection) }),
      'contacts.setDefaultCountry': ({ country: c }) => {
        setDefaultCountry(db, c as CountryCode);
        return { defaultCountry: c };
      },
      'contacts.export': async ({ selection, format, delimiter }) => {
        const ids = contacts.resolve(selection);
        if (ids.length === 0) throw new BeskedError('validation', 'No contacts are selected to export.', coded('contact.noneSelected'));
        return format === 'xlsx' ? exportXlsx(db, ids) : exportCsv(db, ids, delimiter ?? ',');
      },
      'contacts.optOut': ({ selection, note }) => {
        const msisdns = contacts.msisdnsOf(contacts.resolve(selection));
        const optedOut = optOutMany(db, msisdns, { source: 'manual', by: MANUAL_BY, at: new Date(deps.now()), ...(note ? { note } : {}) });
        changed('consent');
        return { optedOut, already: msisdns.length - optedOut };
      },
      'contacts.optIn': ({ id, note }) => {
        const c = contacts.get(id);
        if (!c.optedOut) throw new BeskedError('conflict', 'This number has not opted out; there is nothing to opt in.', coded('contact.notOptedOut'));
        optIn(db, c.msisdn, { source: 'manual', by: MANUAL_BY, note, at: new Date(deps.now()) }, events);
        return contacts.get(id);
      },
      'contacts.consentExport': () => consentLogCsv(db),
      'groups.list': () => ({ groups: groups.list() }),
      'groups.create': ({ name }) => {
        const g = groups.create(name);
        changed('groups');
        return g;
      },
      'groups.rename': ({ id, name }) => {
        const g = groups.rename(id, name);
        changed('groups');
        return g;
      },
      'groups.delete': ({ id }) => {
        const r = groups.delete(id);
        changed('groups');
        return r;
      },
      'groups.addContacts': ({ groupId, selection }) => {
        const added = groups.add(groupId, contacts.resolve(selection));
        changed('groups');
        return { added };
      },
      'groups.removeContacts': ({ groupId, selection }) => {
        const removed = groups.remove(groupId, contacts.resolve(selection));
        changed('groups');
        return { removed };
      },
      'contacts.importBegin': ({ fileName, bytes }) => {
        const u = importer.begin(fileName, bytes);
        return { importId: u.id, chunkBytes: UPLOAD_CHUNK_BYTES, maxBytes: IMPORT_MAX_BYTES };
      },
      'contacts.importChunk': async ({ importId, offset, base64 }) => ({ received: await importer.append(importId, offset, base64) }),
      'contacts.importPreview': ({ importId, encoding, delimiter, hasHeader }) =>
        importer.preview(importId, {
          ...(encoding ? { encoding } : {}),
          ...(delimiter ? { delimiter } : {}),
          ...(hasHeader !== undefined ? { hasHeader } : {}),
        }),
      'contacts.importRun': (input) => importer.run({ ...input, defaultCountry: input.defaultCountry as CountryCode }),
      'contacts.importCancel': ({ importId }) => ({ cancelled: importer.cancel(importId) }),
      'contacts.importRows': ({ importId, which }) => importer.rowsFile(importId, which),
      'contacts.importDiscard': async ({ importId }) => ({ discarded: await importer.discard(importId) }),
    };
  }
}
