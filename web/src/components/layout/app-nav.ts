import type { Role } from '@arbitra/contracts';
import {
  Bell,
  Bot,
  Cog,
  CreditCard,
  DollarSign,
  FlaskConical,
  History,
  KeyRound,
  Landmark,
  LayoutDashboard,
  Mail,
  Radar,
  Receipt,
  Server,
  ShieldAlert,
  ShieldCheck,
  UserRound,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { dashboardTabPath, ROUTES } from '@/config/routes';

/** Where the browser is: the shell marks the navigation entry that holds it. */
export interface NavLocation {
  pathname: string;
  search: string;
}

/** One destination of a signed-in area's navigation. */
export interface NavItem {
  label: string;
  icon: LucideIcon;
  to: string;
  /** Is the browser on this destination? */
  isCurrent: (at: NavLocation) => boolean;
}

export interface NavSection {
  /** Heading of the group (none for the first). */
  title?: string;
  items: readonly NavItem[];
}

const tabOf = (at: NavLocation) => new URLSearchParams(at.search).get('tab');

/** A tab of /dashboard (its ?tab=); `home`: also when no tab is named. */
function dashboardTab(label: string, icon: LucideIcon, tab: string, also: string[] = []): NavItem {
  return {
    label,
    icon,
    to: dashboardTabPath(tab),
    isCurrent: (at) =>
      (at.pathname === ROUTES.dashboard && tabOf(at) === tab) ||
      also.some((p) => at.pathname === p || at.pathname.startsWith(`${p}/`)),
  };
}

/** A page of its own (and the pages under it). */
function page(label: string, icon: LucideIcon, to: string, also: { tab?: string } = {}): NavItem {
  return {
    label,
    icon,
    to,
    isCurrent: (at) =>
      at.pathname === to ||
      at.pathname.startsWith(`${to}/`) ||
      (also.tab !== undefined && at.pathname === ROUTES.dashboard && tabOf(at) === also.tab),
  };
}

const OVERVIEW: NavItem = {
  label: 'Visão geral',
  icon: LayoutDashboard,
  to: ROUTES.dashboard,
  isCurrent: (at) => at.pathname === ROUTES.dashboard && (tabOf(at) ?? 'overview') === 'overview',
};

/** The profile: in the navigation and in the user menu of the header. */
export const PROFILE_ITEM = dashboardTab('Perfil', UserRound, 'profile');

/**
 * The ONE navigation of a user's signed-in pages (DECISIONS §13): every destination, in the same order on every
 * page. SPEC §2's per-page side menus are subsets of it.
 */
export const USER_NAV: readonly NavSection[] = [
  { items: [OVERVIEW] },
  {
    title: 'Operar',
    items: [
      page('Bots', Bot, ROUTES.bots, { tab: 'bots' }),
      dashboardTab('Oportunidades', Radar, 'opportunities'),
      page('Simulações', FlaskConical, ROUTES.backtests),
      dashboardTab('Histórico de Trades', History, 'trades'),
      dashboardTab('Impostos', Landmark, 'taxes', ['/impostos']),
    ],
  },
  {
    title: 'Conta',
    items: [
      dashboardTab('Exchanges', KeyRound, 'exchanges'),
      page('Segurança', ShieldCheck, ROUTES.security),
      dashboardTab('Notificações', Bell, 'notifications'),
      dashboardTab('Assinatura', CreditCard, 'subscription'),
      page('Pagamento', Receipt, ROUTES.payment),
      PROFILE_ITEM,
    ],
  },
];

/** The admin console's own navigation (SPEC §6); an admin's /security and /payment keep it too. */
export const ADMIN_NAV: readonly NavSection[] = [
  {
    items: [
      {
        ...page('Visão geral', LayoutDashboard, ROUTES.admin),
        isCurrent: (at) => at.pathname === ROUTES.admin,
      },
      page('Usuários', Users, ROUTES.adminUsers),
      page('Receita', DollarSign, ROUTES.adminRevenue),
      page('Sistema', Server, ROUTES.adminSystem),
      page('Segurança', ShieldAlert, ROUTES.adminSecurity),
      page('Configurações', Cog, ROUTES.adminSettings),
      page('Mensagens', Mail, ROUTES.adminMessages),
    ],
  },
  {
    title: 'Sua conta',
    items: [
      page('Segurança da conta', ShieldCheck, ROUTES.security),
      page('Pagamento', CreditCard, ROUTES.payment),
    ],
  },
];

export function navFor(role: Role): readonly NavSection[] {
  return role === 'admin' ? ADMIN_NAV : USER_NAV;
}

/** The entry the browser is on, if any. */
export function currentNavItem(nav: readonly NavSection[], at: NavLocation): NavItem | undefined {
  for (const section of nav) for (const item of section.items) if (item.isCurrent(at)) return item;
  return undefined;
}
