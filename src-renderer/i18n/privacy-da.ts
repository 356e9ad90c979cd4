// Den danske tekst til en kundes data på anmodning (issue 28): kontaktens eksport- og sletknapper, spørgsmålet før
// sletning og kortet i Indstillinger; da.ts monterer den som `privacy`.
import type { privacyEn } from './privacy-en';

export const privacyDa: { [K in keyof typeof privacyEn]: string } = {
  section: 'Personens data (GDPR)',
  export: 'Hent personens data',
  exportHint: 'Én webside med alt, hvad Besked har om nummeret: kontakt, grupper, samtykke, alle beskeder begge veje, noter.',
  exported: 'Gemte {file}',
  erase: 'Slet alt om denne person…',
  eraseTitle: 'Slet alt om {who}?',
  eraseRemoves: 'Fjernes for altid: kontakten med egne felter og grupper, samtykkeloggen, alle beskeder til og fra nummeret, indbakkens noter og tildeling.',
  eraseKeeps: 'Bevares: hver kampagnes antal og pris (uden nummer, navn eller tekst). Har nummeret afmeldt sig, forbliver det afvist: Besked gemmer en envejskode af det, aldrig nummeret.',
  eraseBackups: 'Sikkerhedskopier fra før i dag indeholder stadig personen, indtil de udløber.',
  eraseType: 'Skriv {word} for at bekræfte',
  eraseWord: 'SLET',
  eraseConfirm: 'Slet alt',
  erased: 'Slettet: {contacts} kontakt, {messages} beskeder, {notes} noter.',
  erasedOptOut: 'Afmeldingen overholdes fortsat.',
  card: 'Kundedata og opbevaring',
  numberTitle: 'Data for et nummer',
  numberHint: 'For et telefonnummer, der ikke er en kontakt (en der kun har skrevet til jer, eller et nummer skrevet i en kampagne).',
  numberLabel: 'Telefonnummer',
  retentionTitle: 'Slet gamle beskedtekster',
  retentionHint: 'Tekster ældre end dette slettes en gang om dagen, begge veje. Datoer, leveringsstatus, antal og priser bevares.',
  retentionOn: 'Slet tekster ældre end',
  months: 'måneder',
  retentionSave: 'Gem',
  retentionSaved: 'Gemt',
  lastRun: 'Sidst kørt {when}: {texts} tekster slettet.',
  erasedRow: 'Slettet på anmodning',
  neverRun: 'Ikke kørt endnu.',
};
