import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Logo } from './logo';
import { PageLoader } from './page-loader';

/**
 * Card layout of the sign-in, sign-up and password pages. Top-aligned, not centred vertically: the logo and the
 * card stay where they are when the page's chunk replaces the loader (no layout shift, issue 17).
 */
export function AuthLayout() {
  return (
    <div className="flex min-h-dvh flex-col items-center gap-8 bg-[radial-gradient(ellipse_at_top,rgba(16,185,129,0.12),transparent_60%)] px-4 pt-[12vh] pb-12">
      <Logo />
      <main className="w-full max-w-md">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
