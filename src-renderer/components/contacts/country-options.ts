// The countries a number can default to, named in English, for the country pickers of the contacts view.
import { computed, type ComputedRef } from 'vue';
import type { SelectOption } from 'naive-ui';
import { countryOptions } from '../../../src-shared/phone';

let cached: SelectOption[] | null = null;

function build(): SelectOption[] {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  return countryOptions()
    .map(({ code, callingCode }) => ({ value: code, label: `${names.of(code) ?? code} (+${callingCode})` }))
    .sort((a, b) => String(a.label).localeCompare(String(b.label), 'en'));
}

export function useCountryOptions(): ComputedRef<SelectOption[]> {
  return computed(() => (cached ??= build()));
}
