// Den danske tekst til spørgsmålene før en handling, der ikke kan gøres om: en titel, der siger, hvad der sker, og en
// knap, der nævner handlingen, aldrig Ja/Nej (issue 27); da.ts monterer den som `confirm`.
import type { confirmEn } from './confirm-en';

export const confirmDa: typeof confirmEn = {
  back: 'Gå tilbage',
  cancelCampaign: { title: 'Annuller kampagnen?', act: 'Annuller kampagnen' },
  cancelScheduled: { title: 'Annuller den planlagte kampagne?', act: 'Annuller kampagnen' },
  withdrawPending: { title: 'Træk de ventende beskeder tilbage?', act: 'Træk beskederne tilbage' },
  deleteCampaign: { title: 'Slet kampagnen?', act: 'Slet kampagnen' },
  resendUncertain: { title: 'Send igen til de usikre modtagere?', act: 'Send igen' },
  pauseAutomation: { title: 'Sæt automatiseringen på pause?', act: 'Sæt på pause' },
  deleteAutomation: { title: 'Slet automatiseringen?', act: 'Slet automatiseringen' },
  sendNotSent: { title: 'Send denne kørsel alligevel?', act: 'Send alligevel' },
};
