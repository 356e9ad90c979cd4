// The text a page shows a person at one moment — what a screenshot taken then could carry — and which moments
// showed a secret. A PNG's bytes never contain the text its pixels draw, so secrets are looked for here instead.

/** The little of a DOM document this reads; a browser's document and happy-dom's both fit. */
export interface ShownDocument {
  title: string;
  body: { innerText: string } | null;
  querySelectorAll(selectors: string): Iterable<{ getAttribute(name: string): string | null }>;
}

/**
 * Every text the page shows or names: the window title, the rendered text (innerText: what is laid out, not hidden
 * markup), the values of fields (a password field's too: its dots could be switched to text), and the attributes a
 * screen shows or reads aloud. Runs inside the page through page.evaluate, so it uses nothing from outside itself.
 */
export function shownText(doc: ShownDocument): string[] {
  const texts = [doc.title, doc.body?.innerText ?? ''];
  for (const field of doc.querySelectorAll('input, textarea, select')) {
    const value = (field as { value?: unknown }).value;
    if (typeof value === 'string') texts.push(value);
  }
  for (const el of doc.querySelectorAll('[aria-label], [aria-valuetext], [title], [placeholder], [alt]')) {
    for (const name of ['aria-label', 'aria-valuetext', 'title', 'placeholder', 'alt']) {
      const v = el.getAttribute(name);
      if (v) texts.push(v);
    }
  }
  return texts;
}

/** What the page showed when a screenshot was taken. */
export interface ShownAtScreenshot {
  screenshot: string;
  texts: string[];
}

/** The screenshots whose page showed `secret` anywhere, by name. */
export function screenshotsShowing(shots: readonly ShownAtScreenshot[], secret: string): string[] {
  if (secret === '') throw new Error('an empty secret is in every text');
  return shots.filter((s) => s.texts.some((t) => t.includes(secret))).map((s) => s.screenshot);
}
