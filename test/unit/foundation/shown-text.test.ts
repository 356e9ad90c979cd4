// The check behind "the token is in no screenshot" can fail: a page that shows the token anywhere a screenshot could
// carry it (text, a field, a label, the title) is caught, by name, and a page that does not is let through.
import { describe, expect, it } from 'vitest';
import { Window, type Document, type HTMLInputElement, type HTMLTextAreaElement } from 'happy-dom';
import { screenshotsShowing, shownText, type ShownAtScreenshot } from '../../e2e/shown-text';

const TOKEN = 'live_0123456789abcdef0123456789abcdef';

/** A page as happy-dom renders it, after `setup` ran on its document. */
function page(html: string, setup: (doc: Document) => void = () => undefined): string[] {
  const window = new Window();
  const doc = window.document;
  doc.title = 'Besked';
  doc.body.innerHTML = html;
  setup(doc);
  const texts = shownText(doc);
  void window.happyDOM.close();
  return texts;
}

const SETTINGS = '<main><h1>Settings</h1><label>API token <input type="password" aria-label="API token"></label><p>Connected.</p></main>';

describe('the text a screenshot could carry', () => {
  it.each([
    ['in the rendered text', `<main><p>Your token is ${TOKEN}</p></main>`, undefined],
    ['split over elements, as a person reads it', `<p>live_0123456789abcdef<b>0123456789abcdef</b></p>`, undefined],
    ['typed into a password field', SETTINGS, (d: Document) => ((d.querySelector('input') as HTMLInputElement).value = TOKEN)],
    ['in a text area', '<textarea></textarea>', (d: Document) => ((d.querySelector('textarea') as HTMLTextAreaElement).value = TOKEN)],
    ['in an aria-label', `<button aria-label="Copy ${TOKEN}">Copy</button>`, undefined],
    ['in a tooltip', `<span title="${TOKEN}">…</span>`, undefined],
    ['in a placeholder', `<input placeholder="${TOKEN}">`, undefined],
    ['in an image’s alt text', `<img alt="${TOKEN}">`, undefined],
    ['in the window title', SETTINGS, (d: Document) => (d.title = `Besked – ${TOKEN}`)],
  ])('finds the token %s', (_, html, setup) => {
    const shots: ShownAtScreenshot[] = [
      { screenshot: 'clean', texts: page(SETTINGS) },
      { screenshot: 'leaking', texts: page(html, setup) },
    ];
    expect(screenshotsShowing(shots, TOKEN)).toEqual(['leaking']);
  });

  it('lets a page through that shows no token, even with it hidden from view', () => {
    const texts = page(`${SETTINGS}<div style="display:none">${TOKEN}</div>`);
    expect(texts.join('\n')).toContain('Connected.');
    expect(screenshotsShowing([{ screenshot: 'settings', texts }], TOKEN)).toEqual([]);
  });

  it('refuses an empty secret, which every page would show', () => {
    expect(() => screenshotsShowing([], '')).toThrow('empty secret');
  });
});
