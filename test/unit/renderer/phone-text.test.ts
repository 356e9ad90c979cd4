// Numbers on the phone's first screens: bare until libphonenumber has loaded, then written out, and a number a
// screen showed bare is written out when it renders again.
import { describe, expect, it } from 'vitest';
import { computed } from 'vue';
import { loadPhoneFormatter, phoneFormatterReady, phoneText } from '../../../src-renderer/composables/usePhoneText';

describe('phone text', () => {
  it('shows a number bare until the formatter is here, then as people write it', async () => {
    const shown = computed(() => phoneText(4520123456));
    expect(phoneFormatterReady()).toBe(false);
    expect(shown.value).toBe('+4520123456');
    await loadPhoneFormatter();
    expect(phoneFormatterReady()).toBe(true);
    expect(shown.value).toBe('+45 20 12 34 56');
  });
});
