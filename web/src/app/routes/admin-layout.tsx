import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { ADMIN_NAV } from '@/components/layout/app-nav';
import { AppShell } from '@/app/app-shell';
import { PageLoader } from '@/components/layout/page-loader';
import { ROUTES } from '@/config/routes';
import { LiveMetricsProvider } from '@/features/admin/hooks/use-live-metrics';

/** Shell of /admin and its sub-pages: the admin's own navigation (DECISIONS §13). */
export function AdminLayout() {
  return (
    <AppShell title="Administração" nav={ADMIN_NAV} homePath={ROUTES.admin}>
      <LiveMetricsProvider>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </LiveMetricsProvider>
    </AppShell>
  );
}
