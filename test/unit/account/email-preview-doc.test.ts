// The preview document puts its no-script, no-network policy ahead of any of the email's own markup.
import { describe, expect, it } from 'vitest';
import { PREVIEW_CSP, previewDocument } from '../../../src-renderer/components/account/email-preview-doc';

describe('previewDocument', () => {
  it('allows inline styles and data: images only', () => {
    expect(PREVIEW_CSP).toBe("default-src 'none'; img-src data:; style-src 'unsafe-inline'");
  });

  it.each([
    '<p>Hi</p>',
    '<html><head><meta http-equiv="Content-Security-Policy" content="default-src *"></head><body>x</body></html>',
    '<base href="https://evil.example/"><img src="x.png">',
    '</head><script>alert(1)</script>',
  ])('the policy meta is the first element of the head for %j', (html) => {
    const doc = previewDocument(html);
    const head = doc.indexOf('<head>') + '<head>'.length;
    expect(doc.slice(head).startsWith(`<meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}">`)).toBe(true);
    expect(doc.indexOf(html)).toBeGreaterThan(doc.indexOf('</head>'));
  });
});
