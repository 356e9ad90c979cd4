// Contacts as a module of the core: contacts, groups, consent, search and import/export; exports the contacts.*,
// groups.* and contacts.import* handlers (the contract's contacts and import domains).
import type { DomainCallName } from '../../../src-shared/contract';
import type { Handlers } from '../dispatch';
import { contactsHandlers, type ContactsDeps } from './handlers';

export function createContactsModule(deps: ContactsDeps): { handlers: Pick<Handlers, DomainCallName<'contacts' | 'import'>>; stop(): Promise<void> } {
  return contactsHandlers(deps);
}
