import type { ComponentType } from 'react';
import { lazyPage } from './lazy-page';

// Each tab is its own chunk, loaded when opened (recharts comes only with the tabs that draw a chart).
const OverviewTab = lazyPage(() => import('../overview/overview-tab'), 'OverviewTab');
const ProfileTab = lazyPage(() => import('@/features/profile/components/profile-tab'), 'ProfileTab');
const BotsTab = lazyPage(() => import('@/features/bots/components/bots-tab'), 'BotsTab');
const ExchangesTab = lazyPage(() => import('@/features/exchanges/components/exchanges-tab'), 'ExchangesTab');
const TradesTab = lazyPage(() => import('@/features/trades/components/trades-tab'), 'TradesTab');
const TaxTab = lazyPage(() => import('@/features/tax/components/tax-tab'), 'TaxTab');
const SubscriptionTab = lazyPage(
  () => import('@/features/subscription/components/subscription-tab'),
  'SubscriptionTab',
);
const OpportunitiesTab = lazyPage(
  () => import('@/features/scanner/components/opportunities-tab'),
  'OpportunitiesTab',
);
const NotificationsTab = lazyPage(() => import('./notifications-tab'), 'NotificationsTab');

export interface DashboardTab {
  id: string;
  /** The page's title in the top bar. */
  label: string;
  Component: ComponentType;
}

/**
 * The views of /dashboard, picked by ?tab= (the shell's navigation, components/layout/app-nav.ts, links to each).
 * 'overview' (no ?tab=) is the home after login (DECISIONS §13); 'bots' stays for old links (/bots is the page).
 */
export const DASHBOARD_TABS: readonly DashboardTab[] = [
  { id: 'overview', label: 'Visão geral', Component: OverviewTab },
  { id: 'profile', label: 'Perfil', Component: ProfileTab },
  { id: 'bots', label: 'Bots', Component: BotsTab },
  { id: 'exchanges', label: 'Exchanges', Component: ExchangesTab },
  { id: 'trades', label: 'Histórico de Trades', Component: TradesTab },
  { id: 'taxes', label: 'Impostos', Component: TaxTab },
  { id: 'subscription', label: 'Assinatura', Component: SubscriptionTab },
  { id: 'opportunities', label: 'Oportunidades', Component: OpportunitiesTab },
  { id: 'notifications', label: 'Notificações', Component: NotificationsTab },
];

export const DEFAULT_DASHBOARD_TAB = 'overview';

export function dashboardTabById(id: string | null): DashboardTab {
  const fallback = DASHBOARD_TABS.find((t) => t.id === DEFAULT_DASHBOARD_TAB);
  const tab = DASHBOARD_TABS.find((t) => t.id === id) ?? fallback;
  if (!tab) throw new Error('aba padrão ausente');
  return tab;
}
