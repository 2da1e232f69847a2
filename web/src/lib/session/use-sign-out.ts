import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { ROUTES } from '@/config/routes';
import { useSession } from './use-session';

/** Ends the session in this browser, forgets cached data and goes to /login. */
export function useSignOut(): () => void {
  const { signOut } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    signOut();
    queryClient.clear();
    void navigate(ROUTES.login, { replace: true });
  }, [signOut, queryClient, navigate]);
}
