// Saves a file the core sent as base64: a Blob download, which Electron turns into a save dialog and a browser into a download.
import type { FileDownload } from '../../../src-shared/contract';

export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const bin = atob(base64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

export function saveFile(file: FileDownload): void {
  const blob = new Blob([base64ToBytes(file.base64)], { type: file.mimeType });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = file.fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The download has its own reference to the Blob by now; keep the URL a little for slow shells.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Reads a picked file as base64 for the contract (chunked so large files do not overflow the call stack). */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let bin = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) bin += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(bin);
}
