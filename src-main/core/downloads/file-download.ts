// A file for the renderer to save: its bytes as base64 in one contract answer. A file too big for one
// bridge message is refused with what to do instead, rather than failing somewhere in the transport.
import { BRIDGE_MAX_MESSAGE_BYTES, type FileDownload } from '../../../src-shared/contract';
import { BeskedError } from '../errors';
import { coded } from '../../../src-shared/error-codes';

/** Room left in a bridge message for everything around the base64 text. */
const ENVELOPE = 64 * 1024;
export const MAX_DOWNLOAD_BYTES = Math.floor(((BRIDGE_MAX_MESSAGE_BYTES - ENVELOPE) / 4) * 3);

/** `tooLargeCode` names the translatable refusal when `whatToDo` is the contact export's advice. */
export function fileDownload(fileName: string, mimeType: string, bytes: Buffer, whatToDo: string, tooLargeCode?: 'contact.exportTooLarge'): FileDownload {
  if (bytes.length > MAX_DOWNLOAD_BYTES) {
    const mb = Math.round(bytes.length / 1024 / 1024);
    throw new BeskedError(
      'limit',
      `The file would be ${mb} MB, more than Besked can hand over at once. ${whatToDo}`,
      tooLargeCode ? coded(tooLargeCode, { mb }) : {},
    );
  }
  return { fileName, mimeType, base64: bytes.toString('base64'), bytes: bytes.length };
}

export const CSV_MIME = 'text/csv;charset=utf-8';
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
