// The Danish words of Besked on a phone (issue 29): the bottom bar, its More sheet and the inbox's two screens;
// da.ts mounts it as `phone`.
import type { phoneEn } from './phone-en';

export const phoneDa: typeof phoneEn = {
  more: 'Mere',
  moreTitle: 'Mere',
  close: 'Luk',
  back: 'Samtaler',
  backLabel: 'Tilbage til samtalerne',
  theme: 'Mørk eller lys',
  balance: 'Saldo',
  thread: 'Beskeder i samtalen',
};
