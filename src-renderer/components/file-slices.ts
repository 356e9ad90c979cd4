// Reading a slice of a picked file as base64, for the uploads that send a file in chunks (a contacts import, a
// backup to restore). Apart from upload-file.ts so the backup store, which the first view loads, does not bring the
// contract's schemas (zod) into the first view's script with it (phone.first_view_js_gzip_kb: 294 → 218 KB).

/** A slice of the file as base64, read natively (a data: URL) rather than byte by byte. */
export function sliceBase64(file: Blob): Promise<string> {
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
