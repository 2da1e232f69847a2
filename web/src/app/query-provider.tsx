import { QueryClientContext, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useContext, useEffect, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { createQueryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session';

/** The app's one cache of server data, created with the first page that needs it. */
let appClient: QueryClient | null = null;
function appQueryClient(): QueryClient {
  appClient ??= createQueryClient();
  return appClient;
}

/** Whose data each client holds: survives while no page with server data is mounted (e.g. on /login). */
const owners = new WeakMap<QueryClient, string | null>();

/** Forgets cached server data whenever the signed-in user changes (sign-out, a 401, another account). */
function ClearCacheOnUserChange({ client }: { client: QueryClient }) {
  const { user } = useSession();
  const userId = user?.id ?? null;
  useEffect(() => {
    if (owners.has(client) && owners.get(client) !== userId) client.clear();
    owners.set(client, userId);
  }, [userId, client]);
  return null;
}

interface QueryProviderProps {
  children: ReactNode;
  /** Tests pass their own instance; else an enclosing provider's, else the app's. */
  client?: QueryClient;
}

/**
 * TanStack Query for the pages that read server data. Not part of the entry (issue 17): the routes that need it
 * sit under {@link QueryLayout}, a lazy chunk, so /login and /register load neither query-core nor its provider.
 */
export function QueryProvider({ children, client }: QueryProviderProps) {
  const outer = useContext(QueryClientContext);
  const active = client ?? outer ?? appQueryClient();
  const content = (
    <>
      <ClearCacheOnUserChange client={active} />
      {children}
    </>
  );
  return active === outer ? content : <QueryClientProvider client={active}>{content}</QueryClientProvider>;
}

/** The route element above every page that reads server data (app/router.tsx). */
export function QueryLayout() {
  return (
    <QueryProvider>
      <Outlet />
    </QueryProvider>
  );
}
