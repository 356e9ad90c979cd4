// Carries out the desktop shell's commands (menu items, Ctrl/Cmd+N and +F, notification clicks) that
// reach the renderer as the contract's 'app.command' event. Web mode never receives one.
import { nextTick, onBeforeUnmount } from 'vue';
import { useRouter, type RouteLocationRaw } from 'vue-router';
import type { AppCommand } from '../../src-shared/contract';
import { on } from '../api';

/**
 * Dispatched on window after the contacts view is shown for Ctrl/Cmd+F: the view that owns the search
 * field listens for it and focuses the field.
 */
export const FOCUS_SEARCH_EVENT = 'besked:focus-search';

/** Where a command takes the user. A conversation opens in the inbox with ?conversation=<msisdn>. */
export function appCommandRoute(cmd: AppCommand): RouteLocationRaw {
  switch (cmd.command) {
    case 'new-message':
      return { name: 'compose' };
    case 'search':
      return { name: 'contacts' };
    case 'open-settings':
      return { name: 'settings' };
    case 'open-conversation':
      return cmd.arg ? { name: 'inbox', query: { conversation: cmd.arg } } : { name: 'inbox' };
  }
}

export function useAppCommands(): void {
  const router = useRouter();
  const off = on('app.command', (cmd) => {
    void router.push(appCommandRoute(cmd)).then(async () => {
      if (cmd.command !== 'search') return;
      // The view mounts in the render after navigation; its listener exists once that has flushed.
      await nextTick();
      window.dispatchEvent(new CustomEvent(FOCUS_SEARCH_EVENT));
    });
  });
  onBeforeUnmount(off);
}
