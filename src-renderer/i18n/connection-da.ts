// Den danske tekst til hvad Besked siger om en live-forbindelse: den seneste test af tokenet (issue 27); da.ts
// monterer den som `connection`.
import type { connectionEn } from './connection-en';

export const connectionDa: typeof connectionEn = {
  tag: { untested: 'Live – ikke testet', connected: 'Live', refused: 'Live – afvist', unreachable: 'Live – kan ikke nås' },
  title: {
    untested: 'Live – ikke testet endnu',
    connected: 'Live – forbundet',
    refused: 'Live – gatewayen afviste tokenet',
    unreachable: 'Live – gatewayen kunne ikke nås',
  },
  text: {
    untested: 'Der er angivet et token til gatewayens {platform}-platform, men det er ikke testet, siden Besked startede. Tryk på Test forbindelsen.',
    connected: 'Gatewayens {platform}-platform tog imod tokenet ved den seneste test.',
    refused: 'Den seneste test blev afvist: {because} Der kan ikke sendes beskeder, før tokenet virker.',
    unreachable: 'Den seneste test kunne ikke nå gatewayen: {because} Udsendelser venter, til den kan nås.',
  },
  saved: {
    connected: 'Tokenet er gemt og testet: forbundet.',
    failed: 'Tokenet er gemt, men testen gik ikke igennem. Se Forbindelse til gatewayen.',
  },
  testedTyped: 'Tokenet virker på {platform}-platformen. Kredit: {credit}. Gem det for at bruge det.',
  testedSandbox: 'Sandkasse: den indbyggede testgateway svarer. Kredit: {credit}. Indsæt et token for at teste det.',
};
