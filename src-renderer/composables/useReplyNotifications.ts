// Web mode's desktop notifications for new replies (the browser Notification API); a click opens the conversation.
// The Electron shell shows its own notifications from the main process, so this stays quiet there.
import { onBeforeUnmount, onMounted, ref } from 'vue';
import { useRouter } from 'vue-router';
import { useI18n } from 'vue-i18n';
import { on } from '../api';
import { useAppStore } from '../stores/app';
import { formatPhone } from '../../src-shared/phone';

export type NotificationPermissionState = 'unsupported' | 'default' | 'granted' | 'denied';

const permission = ref<NotificationPermissionState>(typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);

/** Asks the browser for permission; must run from a click. */
export async function enableReplyNotifications(): Promise<NotificationPermissionState> {
  if (typeof Notification === 'undefined') return 'unsupported';
  permission.value = await Notification.requestPermission();
  return permission.value;
}

export function useNotificationPermission() {
  return permission;
}

/** Body text as the notification centre shows it: one line, bounded. */
export function notificationBody(text: string, max = 200): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}

export function useReplyNotifications(): void {
  const router = useRouter();
  const app = useAppStore();
  const { t } = useI18n();
  let off: (() => void) | null = null;
  onMounted(() => {
    off = on('inbox.received', ({ conversation, message }) => {
      if (app.info?.shell !== 'web' || typeof Notification === 'undefined') return;
      // Read each time: the user may have allowed or blocked notifications in the browser since the page loaded.
      permission.value = Notification.permission;
      if (permission.value !== 'granted') return;
      // The user is looking at Besked: the list and the badge already show it.
      if (document.visibilityState === 'visible' && document.hasFocus()) return;
      const who = conversation.name ?? formatPhone(`+${conversation.msisdn}`);
      const n = new Notification(t('inbox.notificationTitle', { who }), {
        body: notificationBody(message.text),
        tag: `besked-reply-${conversation.msisdn}`,
      });
      n.onclick = () => {
        window.focus();
        n.close();
        void router.push({ name: 'inbox', query: { conversation: String(conversation.msisdn) } });
      };
    });
  });
  onBeforeUnmount(() => off?.());
}
