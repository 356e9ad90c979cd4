// Phone numbers as people read them ("+45 20 12 34 56") on screens a phone opens first, without those screens waiting
// for libphonenumber: its chunk is a quarter of the bytes behind the inbox's first list on mobile data
// (phone.inbox_ready_ms). Until it has loaded a number shows bare ("+4520123456"), then written out.
import { shallowRef } from 'vue';

const format = shallowRef<((e164: string) => string) | null>(null);
let loading: Promise<void> | null = null;

/**
 * Fetches the formatter once. Should its chunk not load (the server went away) the numbers stay bare, which reads
 * correctly, and the next screen that asks tries again.
 */
export function loadPhoneFormatter(): Promise<void> {
  loading ??= import('../../src-shared/phone').then(
    (m) => {
      format.value = m.formatPhone;
    },
    () => {
      loading = null;
    },
  );
  return loading;
}

/** A number (MSISDN) as people write it; reactive: a caller rendering it renders again once the formatter is here. */
export function phoneText(msisdn: number): string {
  return format.value ? format.value(`+${msisdn}`) : `+${msisdn}`;
}

/** Whether numbers are written out yet (a cache of written numbers is only worth keeping from then on). */
export function phoneFormatterReady(): boolean {
  return format.value !== null;
}
