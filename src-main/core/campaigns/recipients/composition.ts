// Each recipient's final text from the template: merge fields with fallbacks, the tag values the legacy interface
// gets, and the parts and encoding that text is billed as. Many recipients share values (first names), so
// texts are counted once per distinct set of values.
import { countSegments, mergeFieldsIn, renderTemplate } from '../../../../src-shared/sms/segments';

export interface ComposedText {
  text: string;
  /** Values of the template's fields in order (fallbacks applied); null without merge fields. */
  tagvalues: string[] | null;
  /** The same values as JSON, as a legacy request carries them and a recipient row's tagvalues stores them. */
  tagvaluesJson: string | null;
  parts: number;
  ucs2: boolean;
  characters: number;
  /** Fields this recipient had no value for, so the fallback (or nothing) went in. */
  usedFallback: string[];
}

const MEMO_LIMIT = 50_000;

export class TemplateComposer {
  readonly fields: string[];
  private readonly memo = new Map<string, ComposedText>();
  private readonly plain: ComposedText | null;

  constructor(
    readonly template: string,
    private readonly fallbacks: Record<string, string>,
  ) {
    this.fields = mergeFieldsIn(template);
    this.plain = this.fields.length === 0 ? this.count(template, null, null, []) : null;
  }

  compose(values: Record<string, string | undefined>): ComposedText {
    if (this.plain) return this.plain;
    const tagvalues: string[] = [];
    const usedFallback: string[] = [];
    for (const f of this.fields) {
      const v = Object.hasOwn(values, f) ? values[f] : undefined;
      if (typeof v === 'string' && v !== '') {
        tagvalues.push(v);
      } else {
        usedFallback.push(f);
        tagvalues.push(Object.hasOwn(this.fallbacks, f) ? (this.fallbacks[f] ?? '') : '');
      }
    }
    // The values as JSON are both the memo's key and what the request and the frozen row carry: serialised once here.
    const key = JSON.stringify(tagvalues);
    const known = this.memo.get(key);
    if (known) return sameList(usedFallback, known.usedFallback) ? known : { ...known, usedFallback };
    const composed = this.count(renderTemplate(this.template, values, this.fallbacks), tagvalues, key, usedFallback);
    if (this.memo.size < MEMO_LIMIT) this.memo.set(key, composed);
    return composed;
  }

  private count(text: string, tagvalues: string[] | null, tagvaluesJson: string | null, usedFallback: string[]): ComposedText {
    const c = countSegments(text);
    return { text, tagvalues, tagvaluesJson, parts: c.segments, ucs2: c.encoding === 'UCS-2', characters: c.characters, usedFallback };
  }
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
