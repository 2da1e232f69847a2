import { useCallback, useSyncExternalStore } from 'react';
import type { AppSocket } from '@/lib/socket';

/** Whether the shared socket is connected right now (false without a socket). */
export function useSocketConnected(socket: AppSocket | null): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!socket) return () => undefined;
      socket.on('connect', onChange);
      socket.on('disconnect', onChange);
      return () => {
        socket.off('connect', onChange);
        socket.off('disconnect', onChange);
      };
    },
    [socket],
  );
  return useSyncExternalStore(
    subscribe,
    () => socket?.connected ?? false,
    // A prerendered page (src/prerender.tsx) and its hydration: not connected yet.
    () => false,
  );
}
