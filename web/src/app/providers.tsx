import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider, useSession, type SessionStore } from '@/lib/session';

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
        <Toaster />
      </SessionProvider>
    </QueryClientProvider>
  );
}
