// Web mode's desktop notifications for new replies (the browser Notification API); a click opens the conversation.
// The Electron shell shows its own notifications from the main process, so this stays quiet there.
import { onBeforeUnmount, onMounted, ref } from 'vue';
import { useRouter } from 'vue-router';
import { useI18n } from 'vue-i18n';
import { on } from '../api';
import { useAppStore } from '../stores/app';

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

/**
 * Who a notification names: the contact, or the number as people write it. libphonenumber is fetched here, for the
 * first text from a number without a contact, rather than with the first view (issue 29); should its chunk not
 * load (the server went away), the notification still names the bare number rather than not appearing.
 */
export async function senderLabel(name: string | null | undefined, msisdn: number): Promise<string> {
  if (name) return name;
  try {
    const { formatPhone } = await import('../../src-shared/phone');
    return formatPhone(`+${msisdn}`);
  } catch {
    return `+${msisdn}`;
  }
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
      void senderLabel(conversation.name, conversation.msisdn).then((who) => {
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
  });
  onBeforeUnmount(() => off?.());
}
