// The component library's built-in words in the UI's language, minus the bare defaults it puts where a field or list
// says nothing itself ("Please Input", "Vælg venligst", "No Data"): a field shows its own placeholder or none, and an
// empty list says so in the app's words.
import { daDK, dateDaDK, dateEnGB, enGB, type NDateLocale, type NLocale } from 'naive-ui';
import type { UiLocale } from './locale';

/** Everything a field could be left to say by the library; each says nothing unless the field gives its own. */
function withoutGenericTexts(base: NLocale, empty: string): NLocale {
  return {
    ...base,
    Input: { ...base.Input, placeholder: '' },
    InputNumber: { ...base.InputNumber, placeholder: '' },
    Select: { ...base.Select, placeholder: '' },
    Cascader: { ...base.Cascader, placeholder: '' },
    TimePicker: { ...base.TimePicker, placeholder: '' },
    DatePicker: {
      ...base.DatePicker,
      datePlaceholder: '',
      datetimePlaceholder: '',
      monthPlaceholder: '',
      yearPlaceholder: '',
      quarterPlaceholder: '',
      weekPlaceholder: '',
    },
    Empty: { ...base.Empty, description: empty },
  };
}

const BASE: Record<UiLocale, { locale: NLocale; dateLocale: NDateLocale }> = {
  en: { locale: enGB, dateLocale: dateEnGB },
  da: { locale: daDK, dateLocale: dateDaDK },
};

/** The library's locale for a language, its empty lists saying `empty` (the app's own `library.empty` text). */
export function libraryLocale(ui: UiLocale, empty: string): { locale: NLocale; dateLocale: NDateLocale } {
  return { locale: withoutGenericTexts(BASE[ui].locale, empty), dateLocale: BASE[ui].dateLocale };
}
