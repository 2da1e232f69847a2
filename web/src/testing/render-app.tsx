import type { SessionUser } from '@arbitra/contracts';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppProviders } from '@/app/providers';
import { QueryProvider } from '@/app/query-provider';
import { AppRoutes } from '@/app/router';
import { createSessionStore, getSessionStore, TOKEN_KEY, USER_KEY } from '@/lib/session';

export const TEST_USER: SessionUser = {
  id: 'u-1',
  name: 'Maria Souza',
  email: 'maria@exemplo.com.br',
  role: 'user',
};
export const TEST_ADMIN: SessionUser = {
  id: 'a-1',
  name: 'Ana Admin',
  email: 'ana@exemplo.com.br',
  role: 'admin',
};

function LocationDisplay() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Stores a session the way the app does (localStorage `token` and `user`). */
export function storeSession(user: SessionUser, token = 'token-de-teste'): void {
  window.localStorage.setItem(TOKEN_KEY, token);
  window.localStorage.setItem(USER_KEY, JSON.stringify(user));
}

/**
 * Renders the whole route table at `path`, with the app's one session store (the api client reads its token from
 * it too) set to what localStorage holds now, as the app reads it at start.
 */
export function renderApp(path: string) {
  const sessionStore = getSessionStore();
  const stored = createSessionStore().getSnapshot();
  if (stored) sessionStore.signIn(stored.token, stored.user);
  else sessionStore.signOut();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <AppProviders sessionStore={sessionStore}>
      <QueryProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
          <LocationDisplay />
        </MemoryRouter>
      </QueryProvider>
    </AppProviders>,
  );
  return {
    ...result,
    sessionStore,
    queryClient,
    location: () => screen.getByTestId('location').textContent,
  };
}
