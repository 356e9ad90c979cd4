// The document the email preview frame shows: the owner's HTML behind a policy that allows no script and no
// remote load (only inline styles and data: images), on top of the frame's empty sandbox.

export const PREVIEW_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'";

/** The policy meta comes first in <head>, before any of the email's markup, so nothing can load ahead of it. */
export function previewDocument(html: string): string {
  return (
    '<!doctype html><html><head>' +
    `<meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}">` +
    '<meta charset="utf-8"><meta name="referrer" content="no-referrer">' +
    '<style>body{font-family:system-ui,sans-serif;margin:12px;color:#222;background:#fff}</style>' +
    `</head><body>${html}</body></html>`
  );
}
