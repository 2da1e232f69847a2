import type { Role } from '@arbitra/contracts';
import { Bot, CreditCard, FlaskConical, LayoutDashboard, LogOut, Radar, ShieldCheck } from 'lucide-react';
import type { ShellNavItem } from '@/components/layout/shell-nav';
import { homePathFor, ROUTES } from '@/config/routes';

type Entry = 'dashboard' | 'bots' | 'backtests' | 'scanner' | 'security' | 'payment' | 'signOut';

function entry(name: Entry, role: Role): ShellNavItem | null {
  switch (name) {
    case 'dashboard':
      return { kind: 'link', label: 'Dashboard', icon: LayoutDashboard, to: homePathFor(role) };
    case 'bots':
      // Admins are confined to /admin (SPEC §6): no Bots link for them.
      return role === 'admin' ? null : { kind: 'link', label: 'Bots', icon: Bot, to: ROUTES.bots };
    case 'backtests':
      return role === 'admin'
        ? null
        : { kind: 'link', label: 'Simulações', icon: FlaskConical, to: ROUTES.backtests };
    case 'scanner':
      return { kind: 'link', label: 'Scanner', icon: Radar, to: ROUTES.demo };
    case 'security':
      return { kind: 'link', label: 'Segurança', icon: ShieldCheck, to: ROUTES.security };
    case 'payment':
      return { kind: 'link', label: 'Pagamento', icon: CreditCard, to: ROUTES.payment };
    case 'signOut':
      return { kind: 'sign-out', label: 'Sair', icon: LogOut };
  }
}

const MENUS = {
  bots: ['dashboard', 'bots', 'backtests', 'scanner', 'security', 'payment'],
  security: ['dashboard', 'bots', 'scanner', 'security', 'signOut'],
  payment: ['dashboard', 'bots', 'security', 'payment'],
} as const satisfies Record<string, readonly Entry[]>;

/** The side menus SPEC §2 gives /security and /payment (and a matching one for /bots). */
export function userAreaNav(page: keyof typeof MENUS, role: Role): ShellNavItem[] {
  return MENUS[page].map((name) => entry(name, role)).filter((item): item is ShellNavItem => item !== null);
}
