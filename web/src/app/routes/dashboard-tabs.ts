import { Bot, CreditCard, History, KeyRound, Radar, UserRound, type LucideIcon } from 'lucide-react';
import type { ComponentType } from 'react';
import { BotsTab } from '@/features/bots/components/bots-tab';
import { ExchangesTab } from '@/features/exchanges/components/exchanges-tab';
import { ProfileTab } from '@/features/profile/components/profile-tab';
import { OpportunitiesTab } from '@/features/scanner/components/opportunities-tab';
import { SubscriptionTab } from '@/features/subscription/components/subscription-tab';
import { TradesTab } from '@/features/trades/components/trades-tab';

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
