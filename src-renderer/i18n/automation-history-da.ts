// De danske ord i en automatiserings historik, der kun føjes til (issue 27.5); da.ts monterer den som
// `automationHistory`.
import type { automationHistoryEn } from './automation-history-en';

export const automationHistoryDa: typeof automationHistoryEn = {
  texts: {
    handed_over: 'Én tekst givet til gatewayen | {n} tekster givet til gatewayen',
    handedOverAgain: 'Én tekst givet til gatewayen igen | {n} tekster givet til gatewayen igen',
    withdrawn: 'Én tekst, der var givet til gatewayen, trukket tilbage | {n} tekster, der var givet til gatewayen, trukket tilbage',
    not_withdrawn: 'Én tekst kunne ikke trækkes tilbage | {n} tekster kunne ikke trækkes tilbage',
  },
  cause: {
    paused: 'sat på pause',
    edited: 'redigeret',
    deleted: 'automatiseringen slettet',
    resumed: 'genoptaget',
    opted_out: 'frameldt',
    contact_deleted: 'kontakten slettet',
    date_changed: 'datoen ændret',
  },
  nothingSent: 'Intet sendt',
  withCause: '{what} ({cause})',
  handedOverAgain: 'Givet til gatewayen igen',
  recorded: 'den {at}',
  savedWithdrawn:
    'Gemt. Én tekst, der allerede var givet til gatewayen, blev trukket tilbage og sendes med den nye tekst. | Gemt. {n} tekster, der allerede var givet til gatewayen, blev trukket tilbage og sendes med den nye tekst.',
  pausedWithdrawn:
    'Sat på pause. Én tekst, der allerede var givet til gatewayen, blev trukket tilbage. | Sat på pause. {n} tekster, der allerede var givet til gatewayen, blev trukket tilbage.',
  resumedSkipped:
    'Slået til. Én kørsel, der skulle ud, mens den var sat på pause, blev ikke sendt; historikken viser den som sprunget over. | Slået til. {n} kørsler, der skulle ud, mens den var sat på pause, blev ikke sendt; historikken viser dem som sprunget over.',
};
