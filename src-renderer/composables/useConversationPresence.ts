// Tells colleagues on a Besked server which conversation this window shows and whether a reply is being written in
// it: at once when the conversation changes, after a pause in typing for the reply box, again every 20 s while it is
// open, and "none" when the view goes.
import { onBeforeUnmount, watch, type Ref } from 'vue';
import { useDebounceFn, useIntervalFn } from '@vueuse/core';
import { useInboxStore } from '../stores/inbox';

/** How long the reply box must keep (or lose) its text before colleagues hear of it: not every keystroke is news. */
export const PRESENCE_DEBOUNCE_MS = 400;

/**
 * How often an open conversation is told again though nothing changed: a connection that dropped and came back is a
 * new window to the server, which forgot the old one's presence; the server announces only changes, so this is quiet.
 */
export const PRESENCE_REFRESH_MS = 20_000;

export function useConversationPresence(drafting: Ref<boolean>): void {
  const inbox = useInboxStore();
  // Presence is a courtesy: a failed call (a dropped connection) must not disturb the person answering.
  const tell = () => inbox.tellPresence(inbox.openMsisdn, drafting.value).catch(() => undefined);
  const tellSoon = useDebounceFn(tell, PRESENCE_DEBOUNCE_MS);
  watch([() => inbox.openMsisdn, () => inbox.teamKind], () => void tell(), { immediate: true });
  watch(drafting, () => void tellSoon());
  useIntervalFn(() => {
    if (inbox.openMsisdn !== null) void inbox.tellPresence(inbox.openMsisdn, drafting.value, true).catch(() => undefined);
  }, PRESENCE_REFRESH_MS);
  onBeforeUnmount(() => {
    tellSoon.cancel();
    inbox.tellPresence(null, false).catch(() => undefined);
  });
}
