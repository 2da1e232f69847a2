import { Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageLoader } from '@/components/layout/page-loader';
import { LapsedBanner } from '@/features/subscription/components/lapsed-banner';
import { dashboardTabById } from './dashboard-tabs';
import { UserAreaPage } from './user-area-page';

/** /dashboard: 'Visão geral' (the home), or the view named in ?tab= — the navigation's links set it. */
export function DashboardPage() {
  const [searchParams] = useSearchParams();
  const tab = dashboardTabById(searchParams.get('tab'));
  return (
    <UserAreaPage title={tab.label}>
      <LapsedBanner />
      <Suspense fallback={<PageLoader />}>
        <tab.Component />
      </Suspense>
    </UserAreaPage>
  );
}
