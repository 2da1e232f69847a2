import type { SessionUser } from '@arbitra/contracts';
import { useCallback, useContext, useSyncExternalStore } from 'react';
import { SessionContext } from './session-context';
import type { Session } from './session-storage';

export interface SessionValue {
  user: SessionUser | null;
  token: string | null;
  isAdmin: boolean;
  signIn: (token: string, user: SessionUser) => void;
  signOut: () => void;
}

/**
 * The prerendered pages (src/prerender.tsx) are a visitor's, and so is the session while React hydrates them: the
 * stored one takes over right after (React renders again). What would differ for a signed-in user waits for
 * useHydrated (e.g. the public header's buttons), so nobody sees the visitor's version change meaning.
 */
const getServerSnapshot = (): Session | null => null;

export function useSession(): SessionValue {
  const store = useContext(SessionContext);
  if (!store) throw new Error('useSession precisa de um SessionProvider');
  const session = useSyncExternalStore(store.subscribe, store.getSnapshot, getServerSnapshot);
  const signIn = useCallback((token: string, user: SessionUser) => store.signIn(token, user), [store]);
  const signOut = useCallback(() => store.signOut(), [store]);
  return {
    user: session?.user ?? null,
    token: session?.token ?? null,
    isAdmin: session?.user.role === 'admin',
    signIn,
    signOut,
  };
}
