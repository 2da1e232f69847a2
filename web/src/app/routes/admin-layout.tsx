import { Cog, DollarSign, LayoutDashboard, Mail, Server, ShieldAlert, Users } from 'lucide-react';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { AppShell } from '@/components/layout/app-shell';
import { PageLoader } from '@/components/layout/page-loader';
import type { ShellNavItem } from '@/components/layout/shell-nav';
import { ROUTES } from '@/config/routes';
import { LiveMetricsProvider } from '@/features/admin/hooks/use-live-metrics';

const ADMIN_NAV: readonly ShellNavItem[] = [
  { kind: 'link', label: 'Visão geral', icon: LayoutDashboard, to: ROUTES.admin, end: true },
  { kind: 'link', label: 'Usuários', icon: Users, to: ROUTES.adminUsers },
  { kind: 'link', label: 'Receita', icon: DollarSign, to: ROUTES.adminRevenue },
  { kind: 'link', label: 'Sistema', icon: Server, to: ROUTES.adminSystem },
  { kind: 'link', label: 'Segurança', icon: ShieldAlert, to: ROUTES.adminSecurity },
  { kind: 'link', label: 'Configurações', icon: Cog, to: ROUTES.adminSettings },
  { kind: 'link', label: 'Mensagens', icon: Mail, to: ROUTES.adminMessages },
];

/** Shell of /admin and its sub-pages. */
export function AdminLayout() {
  return (
    <AppShell
      title="Administração"
      navLabel="Menu da administração"
      items={ADMIN_NAV}
      homePath={ROUTES.admin}
    >
      <LiveMetricsProvider>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </LiveMetricsProvider>
    </AppShell>
  );
}
