// The app's views. Hash history, so the same build works from file:// in Electron and over http in web mode.
import { createRouter, createWebHashHistory, type RouteRecordRaw } from 'vue-router';

export const routes: RouteRecordRaw[] = [
  { path: '/', redirect: '/contacts' },
  { path: '/contacts', name: 'contacts', component: () => import('./views/ContactsView.vue') },
  { path: '/compose', name: 'compose', component: () => import('./views/ComposeView.vue') },
  { path: '/campaigns', name: 'campaigns', component: () => import('./views/CampaignsView.vue') },
  // The detail page belongs under Campaigns in the navigation.
  { path: '/campaigns/:id(\\d+)', name: 'campaign', meta: { nav: 'campaigns' }, component: () => import('./views/CampaignDetailView.vue') },
  { path: '/automations', name: 'automations', component: () => import('./views/AutomationsView.vue') },
  // The editor (a saved automation, or /automations/new?example=birthday) belongs under Automations in the navigation.
  { path: '/automations/new', name: 'automation-new', meta: { nav: 'automations' }, component: () => import('./views/AutomationView.vue') },
  { path: '/automations/:id(\\d+)', name: 'automation', meta: { nav: 'automations' }, component: () => import('./views/AutomationView.vue') },
  { path: '/inbox', name: 'inbox', component: () => import('./views/InboxView.vue') },
  { path: '/account', name: 'account', component: () => import('./views/AccountView.vue') },
  // A sent message looked up by its gateway id; found from the Account view, so it belongs there in the navigation.
  { path: '/messages/:id(\\d+)', name: 'message', meta: { nav: 'account' }, component: () => import('./views/MessageDetailView.vue') },
  { path: '/settings', name: 'settings', component: () => import('./views/SettingsView.vue') },
  // A server's team and audit trail (owners; the navigation offers them only on a server).
  { path: '/team', name: 'team', component: () => import('./views/TeamView.vue') },
  { path: '/audit', name: 'audit', component: () => import('./views/AuditView.vue') },
  // A one-time invitation or password-reset link; App.vue shows it in place of the app (components/team/gate-screen.ts).
  { path: '/join/:code', name: 'join', component: () => import('./components/team/JoinForm.vue') },
  { path: '/:pathMatch(.*)*', redirect: '/contacts' },
];

export function createAppRouter() {
  return createRouter({ history: createWebHashHistory(), routes });
}
