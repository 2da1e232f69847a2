import { useState, type ReactNode } from 'react';
import { SessionContext } from './session-context';
import { getSessionStore, type SessionStore } from './session-store';

interface SessionProviderProps {
  /** Tests pass their own store; the app uses the shared one the API client also sees. */
  store?: SessionStore;
  children: ReactNode;
}

export function SessionProvider({ store, children }: SessionProviderProps) {
  const [value] = useState(() => store ?? getSessionStore());
  return <SessionContext value={value}>{children}</SessionContext>;
}
