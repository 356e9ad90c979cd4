// Legacy personalisation: every occurrence of each tag in a text replaced by the recipient's value, in one pass.

/** A function that fills `tags` into a text; values are taken literally (a value containing a tag is not re-expanded). */
export function tagFiller(tags: readonly string[]): (text: string, values: readonly string[]) => string {
  const usable = tags.map((t, i) => ({ t, i })).filter(({ t }) => t.length > 0);
  if (usable.length === 0) return (text) => text;
  // Longest first, so a tag that contains another shorter tag wins.
  usable.sort((a, b) => b.t.length - a.t.length);
  const index = new Map<string, number>();
  for (const { t, i } of usable) if (!index.has(t)) index.set(t, i);
  const pattern = new RegExp(usable.map(({ t }) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  return (text, values) => text.replace(pattern, (m) => values[index.get(m)!] ?? '');
}
