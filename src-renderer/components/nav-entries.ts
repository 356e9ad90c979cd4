// The places the main navigation offers, in order, for the side menu and the phone's bottom bar alike: every view,
// and on a server Team and Audit for those who may see them.
import { computed, type Component } from 'vue';
import { useRoute } from 'vue-router';
import {
  PeopleOutline,
  CreateOutline,
  MegaphoneOutline,
  RepeatOutline,
  ChatbubblesOutline,
  WalletOutline,
  SettingsOutline,
  PeopleCircleOutline,
  ShieldCheckmarkOutline,
} from '@vicons/ionicons5';
import { useTeamStore } from '../stores/team';
import { useCan } from '../composables/useCan';

export interface NavEntry {
  /** The route's name, and `data-nav` on its link. */
  key: string;
  icon: Component;
  /** The i18n key of its label. */
  label: string;
}

const VIEWS: NavEntry[] = [
  { key: 'contacts', icon: PeopleOutline, label: 'nav.contacts' },
  { key: 'compose', icon: CreateOutline, label: 'nav.compose' },
  { key: 'campaigns', icon: MegaphoneOutline, label: 'nav.campaigns' },
  { key: 'automations', icon: RepeatOutline, label: 'nav.automations' },
  { key: 'inbox', icon: ChatbubblesOutline, label: 'nav.inbox' },
  { key: 'account', icon: WalletOutline, label: 'nav.account' },
  { key: 'settings', icon: SettingsOutline, label: 'nav.settings' },
];

/** What a phone's bottom bar shows itself, in its order; the rest sit under More. */
export const PHONE_BAR = ['inbox', 'compose', 'contacts'] as const;

export function useNavEntries() {
  const team = useTeamStore();
  const can = useCan();
  const route = useRoute();
  // A team's own places exist only on a server; one PC's navigation stays as it was.
  const entries = computed<NavEntry[]>(() => [
    ...VIEWS,
    ...(team.isServer && can('team.users') ? [{ key: 'team', icon: PeopleCircleOutline, label: 'team.view.title' }] : []),
    ...(team.isServer && can('audit.list') ? [{ key: 'audit', icon: ShieldCheckmarkOutline, label: 'audit.title' }] : []),
  ]);
  /** The entry the current page belongs under (a campaign's page under Campaigns). */
  const active = computed(() => String(route.meta.nav ?? route.name ?? ''));
  return { entries, active };
}
