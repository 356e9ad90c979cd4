// The countries a number can default to, named and sorted in the UI's language (Danmark, …, Østrig in Danish), for
// the country pickers of the contacts view.
import { computed, type ComputedRef } from 'vue';
import type { SelectOption } from 'naive-ui';
import { countryOptions } from '../../../src-shared/phone';
import { formatLocaleTag } from '../../i18n';
import { formatterFor } from '../../composables/useFormat';

const cache = new Map<string, SelectOption[]>();

/** Every country with its calling code, for one Intl locale tag; pure apart from its cache, so tests can pin the locale. */
export function countryOptionsFor(tag: string): SelectOption[] {
  let options = cache.get(tag);
  if (!options) {
    const fmt = formatterFor(tag);
    const collator = new Intl.Collator(tag);
    options = countryOptions()
      .map(({ code, callingCode }) => ({ value: code, label: `${fmt.country(code)} (+${callingCode})` }))
      .sort((a, b) => collator.compare(a.label, b.label));
    cache.set(tag, options);
  }
  return options;
}

/** The options in the active language; a language switch renames and re-sorts them. */
export function useCountryOptions(): ComputedRef<SelectOption[]> {
  return computed(() => countryOptionsFor(formatLocaleTag.value));
}
