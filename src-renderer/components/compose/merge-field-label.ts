// A merge field's name in the UI's language: the core names the built-in fields in English ("First name"); custom
// fields keep the label their owner gave them.
import type { MergeField } from '../../../src-shared/contract';

interface Translator {
  t(key: string): string;
  te(key: string): boolean;
}

export function mergeFieldLabel(field: Pick<MergeField, 'key' | 'label' | 'builtin'>, i18n: Translator): string {
  const key = `compose.fields.${field.key}`;
  return field.builtin && i18n.te(key) ? i18n.t(key) : field.label;
}
