import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { ROUTES } from '@/config/routes';
import { apiClient } from '../api-client';
import { useSession } from './use-session';

/** How long 'Sair' waits for the server before ending the session in this browser anyway. */
const LOGOUT_TIMEOUT_MS = 5_000;

/**
 * 'Sair': ends the session on the server (POST /api/auth/logout revokes the token), then in this
 * browser — even when the call fails (offline, already revoked) — forgets cached data and goes to /login.
 */
export function useSignOut(): () => void {
  const { token, signOut } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const running = useRef(false);
  return useCallback(() => {
    if (running.current) return;
    running.current = true;
    const finish = () => {
      running.current = false;
      signOut();
      queryClient.clear();
      void navigate(ROUTES.login, { replace: true });
    };
    if (!token) {
      finish();
      return;
    }
    void apiClient
      .post('/api/auth/logout', undefined, {
        headers: { Authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(LOGOUT_TIMEOUT_MS),
      })
      .catch(() => undefined)
      .finally(finish);
  }, [token, signOut, queryClient, navigate]);
}
