// Sends a picked file to the core for import, in the chunks the core asks for, as base64 (the renderer
// may be a browser: it cannot hand the core a path). Refuses too-big and empty files before reading them.
import { IMPORT_MAX_BYTES } from '../../../src-shared/contract';
import { call } from '../../api';
import type { Formatter } from '../../composables/useFormat';
import { sliceBase64 } from '../file-slices';

export class FileRefused extends Error {
  constructor(
    readonly reason: 'tooBig' | 'empty',
    readonly size: number,
  ) {
    super(reason);
    this.name = 'FileRefused';
  }
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

/** A file size for people: 1,5 MB / 1.5 MB with the locale's separators, whole MB from 10 MB, KB below 1 MB. */
export function humanSize(bytes: number, fmt: Pick<Formatter, 'number'>): string {
  const MB = 1024 * 1024;
  if (bytes >= MB) {
    const decimals = bytes >= 10 * MB ? 0 : 1;
    return `${fmt.number(bytes / MB, { minDecimals: decimals, maxDecimals: decimals })} MB`;
  }
  if (bytes >= 1024) return `${fmt.number(Math.round(bytes / 1024))} KB`;
  return `${fmt.number(bytes)} B`;
}
