// Refreshes replies and due statuses at once when the window gets focus or becomes visible again.
import { onBeforeUnmount, onMounted } from 'vue';
import { useInboxStore } from '../stores/inbox';

/** Focus and visibility often fire together; one refresh covers both. */
export const FOCUS_REFRESH_GAP_MS = 5_000;

export function useInboxSync(): void {
  const inbox = useInboxStore();
  let last = 0;
  const refresh = () => {
    if (document.visibilityState !== 'visible') return;
    const now = Date.now();
    if (now - last < FOCUS_REFRESH_GAP_MS) return;
    last = now;
    inbox.refreshNow().catch(() => undefined);
  };
  onMounted(() => {
    inbox.start();
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', refresh);
  });
  onBeforeUnmount(() => {
    window.removeEventListener('focus', refresh);
    document.removeEventListener('visibilitychange', refresh);
  });
}
