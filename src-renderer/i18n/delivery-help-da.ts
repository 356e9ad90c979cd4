// What each delivery status means for the shop owner, in Danish, key for key as delivery-help-en.ts.
// da.ts mounts it as deliveryHelp and error-texts-da.ts as the registry's delivery.* codes.
import type { Translation } from './da';
import type { deliveryHelpEn } from './delivery-help-en';

export const deliveryHelpDa: Translation<typeof deliveryHelpEn> = {
  state: {
    pending: 'Beskeden venter på at blive sendt, fx fordi den er planlagt til senere.',
    sent: 'Gatewayen har modtaget beskeden og sendt den videre mod telefonnettet. Der er endnu ikke kommet bekræftelse på levering.',
    delivered: 'Beskeden er nået frem til kundens telefon.',
    read: 'Kunden har åbnet beskeden (det er kun chatbeskeder via RCS, der melder det).',
    failed: 'Beskeden kunne ikke leveres, fx fordi nummeret ikke findes, afsendernavnet blev afvist, eller kontoen havde for lidt kredit.',
    expired: 'Kundens telefon kunne ikke nås, før beskedens gyldighed udløb (den er ofte slukket eller uden dækning), så beskeden blev droppet.',
    cancelled: 'Beskeden blev slettet, før den blev sendt, så den kommer ikke frem.',
    unknown: 'Telefonnettet har ikke meldt, hvad der skete med beskeden. Der kan stadig komme en opdatering.',
  },
  sms: {
    ACCEPTED: 'Telefonnettet har modtaget beskeden.',
    ENROUTE: 'Beskeden er på vej til telefonen.',
    DELETED: 'Beskeden blev slettet af nettet, før den blev leveret.',
    UNDELIVERABLE: 'Telefonnettet kunne ikke levere beskeden til dette nummer.',
    REJECTED: 'Gatewayen eller nettet afviste beskeden (fx for lidt kredit eller et afvist afsendernavn).',
  },
  rcs: {
    ENROUTE: 'Chatbeskeden er på vej til telefonen.',
  },
  legacy: {
    SCHEDULED: 'Beskeden er planlagt og sendes på det valgte tidspunkt.',
    BUFFERED: 'Nettet holder på beskeden, indtil telefonen kan nås (den er måske slukket).',
    ENROUTE: 'Beskeden er på vej til telefonen.',
    ACCEPTED: 'Telefonnettet har modtaget beskeden.',
    UNDELIVERABLE: 'Telefonnettet kunne ikke levere beskeden til dette nummer.',
    REJECTED: 'Gatewayen eller nettet afviste beskeden.',
    SKIPPED: 'Gatewayen sprang denne modtager over og sendte ikke beskeden (fx et blokeret eller ugyldigt nummer).',
  },
};
