// The words under the bar while a picked backup file is sent to the core: "Uploading 34 of 92 MB", both counts in
// the unit of the whole file (MB from 1 MB, KB below) with the locale's separators.
import type { Formatter } from '../../composables/useFormat';
import type { UploadProgress } from '../../stores/backup';

const KB = 1024;
const MB = 1024 * 1024;

export function uploadProgressText(p: UploadProgress, t: (key: string, params: Record<string, string>) => string, fmt: Pick<Formatter, 'number'>): string {
  const [size, unit] = p.total >= MB ? [MB, 'MB'] : [KB, 'KB'];
  const total = Math.max(1, Math.round(p.total / size));
  const sent = Math.min(total, Math.floor(p.sent / size));
  return t('backup.dialog.uploading', { sent: fmt.number(sent), total: fmt.number(total), unit });
}

/** The bar's share of the upload, in whole percent. */
export const uploadPercent = (p: UploadProgress) => (p.total > 0 ? Math.floor((p.sent / p.total) * 100) : 0);
