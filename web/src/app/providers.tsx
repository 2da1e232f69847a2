import { Suspense, type ReactNode } from 'react';
import { useToast } from '@/components/ui/use-toast';
import { SessionProvider, type SessionStore } from '@/lib/session';
import { lazyPage } from './routes/lazy-page';

const Toaster = lazyPage(() => import('@/components/ui/toaster'), 'Toaster');

/**
 * The toaster (Radix Toast) is loaded with the first notification and mounted while there is one, not with
 * every page: most visits never show one, and it would be part of the public pages' first load (issue 17).
 */
function LazyToaster() {
  const { toasts } = useToast();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own instance. */
  sessionStore?: SessionStore;
}

/**
 * What every page needs: the session and the toaster. TanStack Query is not here: the pages that read server
 * data get it from QueryLayout (app/query-provider.tsx, a lazy chunk), so /login's first load has none of it.
 */
export function AppProviders({ children, sessionStore }: AppProvidersProps) {
  return (
    <SessionProvider store={sessionStore}>
      {children}
      <LazyToaster />
    </SessionProvider>
  );
}
