// Attributes for the native input inside a Naive UI field: an accessible name and a stable test id.
import type { InputHTMLAttributes } from 'vue';

export function inputProps(label: string, testid?: string): InputHTMLAttributes {
  // data-* attributes are valid HTML but not in Vue's attribute types.
  return { 'aria-label': label, ...(testid ? { 'data-testid': testid } : {}) } as InputHTMLAttributes;
}
