import { Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AppShell } from '@/components/layout/app-shell';
import { PageLoader } from '@/components/layout/page-loader';
import type { ShellNavItem } from '@/components/layout/shell-nav';
import { ROUTES } from '@/config/routes';
import { LapsedBanner } from '@/features/subscription/components/lapsed-banner';
import { DASHBOARD_TABS, dashboardTabById } from './dashboard-tabs';

const TAB_PARAM = 'tab';
const NAV_ITEMS: readonly ShellNavItem[] = DASHBOARD_TABS.map(({ id, label, icon }) => ({
  kind: 'tab',
  id,
  label,
  icon,
}));

/** /dashboard: the side menu switches tabs in place; the tab is mirrored in ?tab= so a reload keeps it. */
export function DashboardPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = dashboardTabById(searchParams.get(TAB_PARAM));

  const selectTab = (id: string) => {
    setSearchParams(
      (params) => {
        params.set(TAB_PARAM, id);
        return params;
      },
      { replace: true },
    );
  };

  return (
    <AppShell
      title="Painel"
      navLabel="Menu do painel"
      items={NAV_ITEMS}
      activeTab={tab.id}
      onSelectTab={selectTab}
      homePath={ROUTES.dashboard}
    >
      <LapsedBanner />
      <Suspense fallback={<PageLoader />}>
        <tab.Component />
      </Suspense>
    </AppShell>
  );
}
