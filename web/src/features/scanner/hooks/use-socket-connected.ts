import { useCallback, useSyncExternalStore } from 'react';
import { hasConnected, type AppSocket } from '@/lib/socket';

/** 'connecting' before the socket's first connection, 'reconnecting' after it dropped. */
export type SocketStatus = 'connected' | 'connecting' | 'reconnecting';

/** The shared socket's state right now ('connecting' without a socket). */
export function useSocketStatus(socket: AppSocket | null): SocketStatus {
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
    (): SocketStatus => {
      if (!socket) return 'connecting';
      const once = hasConnected(socket);
      if (socket.connected) return 'connected';
      return once ? 'reconnecting' : 'connecting';
    },
    // A prerendered page (src/prerender.tsx) and its hydration: not connected yet.
    () => 'connecting',
  );
}
