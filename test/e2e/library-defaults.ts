// The component library's bare default texts ("Please Input", "No Data", "Udfyld venligst") a page must not show:
// which ones are wrong in each UI language, and where a page shows one. Naive UI fills these in wherever a field or
// list gives no text of its own; the app's own words must stand there instead (or nothing).
import type { Page } from 'playwright-core';
import enGB from 'naive-ui/lib/locales/common/enGB';
import daDK from 'naive-ui/lib/locales/common/daDK';

type Locale = typeof enGB;

/** The texts the library puts where a field or list says nothing itself: never helpful, in any language. (An open
 * date picker's panel uses two of the same words, "Select Date" and "Select Time", as buttons that say what they do;
 * the walk checks pickers closed.) */
function genericTexts(l: Locale): string[] {
  return [
    l.Input.placeholder,
    l.InputNumber.placeholder,
    l.Select.placeholder,
    l.Cascader.placeholder,
    l.Empty.description,
    l.TimePicker.placeholder,
    l.DatePicker.datePlaceholder,
    l.DatePicker.datetimePlaceholder,
    l.DatePicker.monthPlaceholder,
    l.DatePicker.yearPlaceholder,
    l.DatePicker.quarterPlaceholder,
    l.DatePicker.weekPlaceholder,
  ];
}

/** Every word a locale holds (not its date patterns), by its path, e.g. "DatePicker.clear". */
function words(l: Locale): Map<string, string> {
  const out = new Map<string, string>();
  for (const [group, entries] of Object.entries(l)) {
    if (typeof entries !== 'object' || entries === null) continue;
    for (const [key, value] of Object.entries(entries as Record<string, unknown>)) {
      if (typeof value === 'string' && !/Format$/.test(key)) out.set(`${group}.${key}`, value);
    }
  }
  return out;
}

/**
 * The library texts a page in this UI language must not show: the generic ones of both languages, and in Danish every
 * English word of the library that Danish says differently ("Confirm", "Clear", "Start Date").
 */
export function forbiddenLibraryTexts(language: 'en' | 'da'): Set<string> {
  const forbidden = new Set([...genericTexts(enGB), ...genericTexts(daDK)]);
  if (language === 'da') {
    const danish = words(daDK);
    for (const [path, english] of words(enGB)) if (danish.get(path) !== english) forbidden.add(english);
  }
  return forbidden;
}

/** The library's own confirmation buttons: a popconfirm without texts of its own says "Confirm" and "Cancel". */
export const POPCONFIRM_DEFAULTS = [enGB.Popconfirm.positiveText, enGB.Popconfirm.negativeText, daDK.Popconfirm.positiveText, daDK.Popconfirm.negativeText];

export interface DefaultShown {
  page: string;
  text: string;
  where: string;
}

/**
 * Where the page (or only what is inside `scope`, e.g. what opened over it) shows a forbidden text: as an element's own
 * text, a placeholder, an accessible name or a tooltip, or on a popconfirm's buttons.
 */
export async function libraryDefaultsShown(page: Page, name: string, language: 'en' | 'da', scope = 'body'): Promise<DefaultShown[]> {
  const found = await page.evaluate(
    ([forbidden, popconfirm, within]) => {
      const bad = new Set(forbidden);
      const out: { text: string; where: string }[] = [];
      const describe = (el: Element) => {
        const testid = el.closest('[data-testid]')?.getAttribute('data-testid');
        return `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 2).join('.')}${testid ? ` in [data-testid="${testid}"]` : ''}`;
      };
      const elements = [...document.querySelectorAll(within)].flatMap((root) => [...root.querySelectorAll('*')]);
      for (const el of elements) {
        const own = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent ?? '').join('').trim();
        if (own && bad.has(own)) out.push({ text: own, where: describe(el) });
        for (const attr of ['placeholder', 'aria-label', 'title']) {
          const v = el.getAttribute(attr)?.trim();
          if (v && bad.has(v)) out.push({ text: v, where: `${describe(el)} [${attr}]` });
        }
      }
      for (const button of elements.filter((el) => el.matches('.n-popconfirm__action .n-button'))) {
        const text = (button.textContent ?? '').trim();
        if (popconfirm.includes(text)) out.push({ text, where: `popconfirm button ${describe(button)}` });
      }
      return out;
    },
    [[...forbiddenLibraryTexts(language)], POPCONFIRM_DEFAULTS, scope] as const,
  );
  return found.map((f) => ({ page: name, ...f }));
}

export const describeDefault = (d: DefaultShown): string => `${d.page}: "${d.text}" — ${d.where}`;
