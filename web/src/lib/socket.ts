import type { ClientToServerEvents, ServerToClientEvents } from '@arbitra/contracts';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { whenIdle } from './idle';
import { readAgain } from './query-client';
import { useSession } from './session';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const everConnected = new WeakSet<object>();

/**
 * Whether this socket has been connected at least once: before its first connection the screens say
 * 'Conectando…', after a drop 'Reconectando…'.
 */
export function hasConnected(socket: AppSocket): boolean {
  if (socket.connected) everConnected.add(socket);
  return everConnected.has(socket);
}

/**
 * The connection's options: WebSocket first (each server event arrives in a message of its own, handled in a task
 * of its own, where HTTP long-polling hands a burst of them to one task: the longest one of /demo on a slow phone,
 * issue 33), long-polling if a WebSocket cannot be opened (a proxy that refuses the upgrade).
 */
export const SOCKET_TRANSPORTS: Partial<ManagerOptions & SocketOptions> = {
  transports: ['websocket', 'polling'],
  tryAllTransports: true,
};

/**
 * Keeps ONE socket.io connection to the same origin for the whole app, shared by every component that
 * uses it. The handshake carries `auth: { token }` when signed in; the connection is replaced when the
 * token changes and closed when the last user goes away. It is opened once the browser is idle (whenIdle): after
 * the page is interactive, not during its first tasks (issue 33); the screens say 'Conectando…' meanwhile.
 */
class SocketManager {
  private socket: AppSocket | null = null;
  private token: string | null = null;
  private users = 0;
  private closeTimer: ReturnType<typeof setTimeout> | undefined;
  /** Cancels the connection scheduled by acquire(), not opened yet. */
  private cancelOpen: (() => void) | null = null;
  private readonly listeners = new Set<() => void>();

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): AppSocket | null => this.socket;

  /** No socket in a prerendered page (src/prerender.tsx) nor while React hydrates it: it connects after. */
  readonly getServerSnapshot = (): AppSocket | null => null;

  acquire(token: string | null): void {
    this.users += 1;
    clearTimeout(this.closeTimer);
    if ((this.socket || this.cancelOpen) && this.token === token) return;
    this.close();
    this.token = token;
    this.cancelOpen = whenIdle(() => {
      this.cancelOpen = null;
      const socket: AppSocket = io({ auth: token ? { token } : {}, autoConnect: true, ...SOCKET_TRANSPORTS });
      socket.on('connect', () => everConnected.add(socket));
      this.socket = socket;
      this.emit();
    });
  }

  release(): void {
    this.users = Math.max(0, this.users - 1);
    if (this.users > 0) return;
    // Deferred so a component that re-mounts at once (StrictMode, route change) keeps the connection.
    this.closeTimer = setTimeout(() => {
      if (this.users === 0) this.close();
    }, 1_000);
  }

  private close(): void {
    this.cancelOpen?.();
    this.cancelOpen = null;
    if (!this.socket) return;
    this.socket.disconnect();
    this.socket = null;
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

const manager = new SocketManager();

interface UseSocketOptions {
  /** Public screens (the /demo scanner) also connect for visitors, without a token. */
  allowAnonymous?: boolean;
}

/** The shared connection; null while signed out (unless `allowAnonymous`). */
export function useSocket({ allowAnonymous = false }: UseSocketOptions = {}): AppSocket | null {
  const { token } = useSession();
  const enabled = token !== null || allowAnonymous;
  const socket = useSyncExternalStore(manager.subscribe, manager.getSnapshot, manager.getServerSnapshot);

  useEffect(() => {
    if (!enabled) return undefined;
    manager.acquire(token);
    return () => manager.release();
  }, [enabled, token]);

  return enabled ? socket : null;
}

type EventName = keyof ServerToClientEvents;

/** Listens to one server event for as long as the component is mounted. */
export function useSocketEvent<E extends EventName>(
  socket: AppSocket | null,
  event: E,
  handler: (...args: Parameters<ServerToClientEvents[E]>) => void,
): void {
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });

  useEffect(() => {
    if (!socket) return undefined;
    const listener = (...args: Parameters<ServerToClientEvents[E]>) => handlerRef.current(...args);
    // socket.io's typed overloads cannot be resolved for a generic event name; the signature above is
    // already checked against ServerToClientEvents, so the untyped view is safe here.
    const untyped = socket as unknown as Socket;
    const name: string = event;
    untyped.on(name, listener);
    return () => {
      untyped.off(name, listener);
    };
  }, [socket, event]);
}

/**
 * Reads the queries under `queryKeys` again each time the socket connects: the first time and after every drop.
 * What the server pushed while the socket was not connected is not replayed (the socket opens once the page is
 * idle, and a phone drops it), so a screen kept live by events reads its data again here (readAgain: a read in
 * flight that may predate the change is dropped).
 */
export function useReadAgainOnConnect(socket: AppSocket | null, ...queryKeys: QueryKey[]): void {
  const queryClient = useQueryClient();
  const keysRef = useRef(queryKeys);
  useEffect(() => {
    keysRef.current = queryKeys;
  });

  useEffect(() => {
    if (!socket) return undefined;
    const listener = () => {
      for (const key of keysRef.current) void readAgain(queryClient, key);
    };
    socket.on('connect', listener);
    return () => {
      socket.off('connect', listener);
    };
  }, [socket, queryClient]);
}
