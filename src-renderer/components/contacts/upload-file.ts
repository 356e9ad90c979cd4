// Sends a picked file to the core for import, in the chunks the core asks for, as base64 (the renderer
// may be a browser: it cannot hand the core a path). Refuses too-big and empty files before reading them.
import { IMPORT_MAX_BYTES } from '../../../src-shared/contract';
import { call } from '../../api';

export class FileRefused extends Error {
  constructor(
    readonly reason: 'tooBig' | 'empty',
    readonly size: number,
  ) {
    super(reason);
    this.name = 'FileRefused';
  }
}

/** A slice of the file as base64, read natively (a data: URL) rather than byte by byte. */
function sliceBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => {
      const url = String(r.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    r.onerror = () => reject(r.error ?? new Error('The file could not be read.'));
    r.readAsDataURL(file);
  });
}

export async function uploadForImport(file: File, onProgress: (fraction: number) => void): Promise<string> {
  if (file.size > IMPORT_MAX_BYTES) throw new FileRefused('tooBig', file.size);
  if (file.size === 0) throw new FileRefused('empty', 0);
  const { importId, chunkBytes } = await call('contacts.importBegin', { fileName: file.name || 'contacts.csv', bytes: file.size });
  for (let offset = 0; offset < file.size; offset += chunkBytes) {
    const base64 = await sliceBase64(file.slice(offset, offset + chunkBytes));
    await call('contacts.importChunk', { importId, offset, base64 });
    onProgress(Math.min(1, (offset + chunkBytes) / file.size));
  }
  return importId;
}

export function humanSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(bytes >= 10 * 1024 * 1024 ? 0 : 1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
