import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useToast } from '@/components/ui/use-toast';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider, useSession, type SessionStore } from '@/lib/session';
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

/** Forgets cached server data whenever the signed-in user changes (sign-out, a 401, another account). */
function ClearCacheOnUserChange() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;
  const previous = useRef(userId);
  useEffect(() => {
    if (previous.current !== userId) queryClient.clear();
    previous.current = userId;
  }, [userId, queryClient]);
  return null;
}

interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own instances. */
  queryClient?: QueryClient;
  sessionStore?: SessionStore;
}

export function AppProviders({ children, queryClient, sessionStore }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <SessionProvider store={sessionStore}>
        <ClearCacheOnUserChange />
        {children}
        <LazyToaster />
      </SessionProvider>
    </QueryClientProvider>
  );
}
