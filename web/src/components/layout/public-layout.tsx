import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoader } from './page-loader';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';
import { ScrollManager } from './scroll-manager';

export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <ScrollManager />
      <PublicHeader />
      <main className="flex-1">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <PublicFooter />
    </div>
  );
}
