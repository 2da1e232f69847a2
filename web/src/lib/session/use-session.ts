import type { SessionUser } from '@arbitra/contracts';
import { useCallback, useContext, useSyncExternalStore } from 'react';
import { SessionContext } from './session-context';

export interface SessionValue {
  user: SessionUser | null;
  token: string | null;
  isAdmin: boolean;
  signIn: (token: string, user: SessionUser) => void;
  signOut: () => void;
}

export function useSession(): SessionValue {
  const store = useContext(SessionContext);
  if (!store) throw new Error('useSession precisa de um SessionProvider');
  const session = useSyncExternalStore(store.subscribe, store.getSnapshot);
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
