import {
  Bot,
  CreditCard,
  History,
  KeyRound,
  Landmark,
  Radar,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import type { ComponentType } from 'react';
import { lazyPage } from './lazy-page';

// Each tab is its own chunk, loaded when opened (recharts comes only with the tabs that draw a chart).
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

export interface DashboardTab {
  id: string;
  label: string;
  icon: LucideIcon;
  Component: ComponentType;
}

/** The dashboard's side menu (SPEC §2) plus the live scanner view (DECISIONS §10). */
export const DASHBOARD_TABS: readonly DashboardTab[] = [
  { id: 'profile', label: 'Perfil', icon: UserRound, Component: ProfileTab },
  { id: 'bots', label: 'Bots', icon: Bot, Component: BotsTab },
  { id: 'exchanges', label: 'Exchanges', icon: KeyRound, Component: ExchangesTab },
  { id: 'trades', label: 'Histórico de Trades', icon: History, Component: TradesTab },
  { id: 'taxes', label: 'Impostos', icon: Landmark, Component: TaxTab },
  { id: 'subscription', label: 'Assinatura', icon: CreditCard, Component: SubscriptionTab },
  { id: 'opportunities', label: 'Oportunidades', icon: Radar, Component: OpportunitiesTab },
];

export const DEFAULT_DASHBOARD_TAB = 'profile';

export function dashboardTabById(id: string | null): DashboardTab {
  const fallback = DASHBOARD_TABS.find((t) => t.id === DEFAULT_DASHBOARD_TAB);
  const tab = DASHBOARD_TABS.find((t) => t.id === id) ?? fallback;
  if (!tab) throw new Error('aba padrão ausente');
  return tab;
}
