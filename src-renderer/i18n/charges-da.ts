// Den danske tekst til hvad en udsendelse kostede, og om forbindelsen til gatewayen virker (issue 27); da.ts monterer
// den som `charges`.
import type { chargesEn } from './charges-en';

export const chargesDa: typeof chargesEn = {
  noCharge: {
    withdrawn: 'Trukket tilbage hos gatewayen: ikke betalt',
    not_accepted: 'Aldrig modtaget af gatewayen: ikke betalt',
  },
  withdrawnNote: 'Gatewayen gav prisen for {count} tilbagetrukne beskeder tilbage; de er ikke talt med. | Gatewayen gav prisen for den tilbagetrukne besked tilbage; den er ikke talt med. | Gatewayen gav prisen for {count} tilbagetrukne beskeder tilbage; de er ikke talt med.',
};
