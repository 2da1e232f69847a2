import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useSocket, useSocketEvent } from '@/lib/socket';
import { fetchMarketSnapshot } from '../api/market-api';
import {
  applyDelta,
  applyFeeds,
  applyMarketSnapshot,
  applyPrices,
  applySnapshot,
  applyStats,
  EMPTY_MARKET_STATE,
  resetLive,
  type MarketState,
} from '../lib/market-state';
import { useSocketStatus } from './use-socket-connected';

export const MARKET_STATE_KEY = ['market', 'state'] as const;

/** While the socket is down, the REST snapshot is polled so the screen does not freeze silently. */
const FALLBACK_POLL_MS = 5_000;

/**
 * Socket events come in bursts (on connection the snapshot, the prices, the feeds and the figures at once; then
 * prices every second and deltas as they happen): they are written into the cache together, once per animation
 * frame, so the screen renders once per frame at most instead of once per event. Nothing waits longer than the
 * next frame the browser would paint anyway; in a hidden tab (no frames) the timeout writes them.
 */
const FLUSH_TIMEOUT_MS = 250;

type Reducer = (state: MarketState) => MarketState;

/** Calls `run` once, at the next animation frame or after FLUSH_TIMEOUT_MS, whichever comes first. */
function nextFrame(run: () => void): () => void {
  let done = false;
  let frame: number | undefined;
  const once = () => {
    if (done) return;
    done = true;
    cancel();
    run();
  };
  const timer = setTimeout(once, FLUSH_TIMEOUT_MS);
  if (typeof requestAnimationFrame === 'function') frame = requestAnimationFrame(once);
  function cancel() {
    clearTimeout(timer);
    if (frame !== undefined) cancelAnimationFrame(frame);
  }
  return () => {
    done = true;
    cancel();
  };
}

/** Drops the real-time book, if there is one (it never creates the cache entry: a failed request stays visible). */
function resetLiveBook(queryClient: QueryClient): void {
  const current = queryClient.getQueryData<MarketState>(MARKET_STATE_KEY);
  if (current?.live) queryClient.setQueryData<MarketState>(MARKET_STATE_KEY, resetLive(current));
}

/**
 * The live market for the scanner screens: GET /api/market/snapshot first, then kept current by the
 * socket events written into the same query cache entry (snapshot, deltas, prices, feeds, stats).
 * Works for visitors too (anonymous socket); signed-in Profissional/Enterprise sockets also get deltas.
 */
export function useMarketSnapshot() {
  const queryClient = useQueryClient();
  const socket = useSocket({ allowAnonymous: true });
  const socketStatus = useSocketStatus(socket);
  const connected = socketStatus === 'connected';

  const query = useQuery({
    queryKey: MARKET_STATE_KEY,
    queryFn: async ({ signal }) => {
      const snapshot = await fetchMarketSnapshot(signal);
      const current = queryClient.getQueryData<MarketState>(MARKET_STATE_KEY) ?? EMPTY_MARKET_STATE;
      return applyMarketSnapshot(current, snapshot);
    },
    // The socket keeps it current; REST again on each mount, on reconnection and while disconnected.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
    refetchInterval: connected ? false : FALLBACK_POLL_MS,
    // The reducers keep every unchanged part as it was already; TanStack Query's structural sharing would walk the
    // whole state (minutes of price history per symbol) at each event to find that out again.
    structuralSharing: false,
  });

  const pending = useRef<Reducer[]>([]);
  const cancelFlush = useRef<(() => void) | null>(null);

  /** Writes every queued event into the cache in one update (one render). */
  const flush = useCallback(() => {
    cancelFlush.current?.();
    cancelFlush.current = null;
    const reducers = pending.current;
    if (reducers.length === 0) return;
    pending.current = [];
    queryClient.setQueryData<MarketState>(MARKET_STATE_KEY, (prev) =>
      reducers.reduce((state, reduce) => reduce(state), prev ?? EMPTY_MARKET_STATE),
    );
  }, [queryClient]);

  const update = useCallback(
    (reduce: Reducer) => {
      pending.current.push(reduce);
      cancelFlush.current ??= nextFrame(flush);
    },
    [flush],
  );
  // What is still queued when the screen closes goes into the cache (the next screen starts from it).
  useEffect(() => flush, [flush]);

  // The receipt time is taken when the event arrives (the clock offset), not when it is written.
  useSocketEvent(socket, 'scanner:snapshot', (snap) => {
    const at = Date.now();
    update((s) => applySnapshot(s, snap, at));
  });
  useSocketEvent(socket, 'scanner:delta', (delta) => {
    const at = Date.now();
    update((s) => applyDelta(s, delta, at));
  });
  useSocketEvent(socket, 'market:prices', (grid) => {
    const at = Date.now();
    update((s) => applyPrices(s, grid, at));
  });
  useSocketEvent(socket, 'market:feeds', (feeds) => update((s) => applyFeeds(s, feeds)));
  useSocketEvent(socket, 'engine:stats', (stats) => {
    const at = Date.now();
    update((s) => applyStats(s, stats, at));
  });

  // Deltas that arrived while no scanner screen was open were not applied: start the book again.
  useEffect(() => resetLiveBook(queryClient), [queryClient]);

  // After a reconnection, deltas may have been missed: drop the real-time book and read the snapshot again.
  // The first connection of a fresh socket is not one: the query is already loading.
  useEffect(() => {
    if (!socket) return undefined;
    let connectedBefore = socket.connected;
    const onConnect = () => {
      if (connectedBefore) {
        flush();
        resetLiveBook(queryClient);
        void queryClient.invalidateQueries({ queryKey: MARKET_STATE_KEY });
      }
      connectedBefore = true;
    };
    socket.on('connect', onConnect);
    return () => {
      socket.off('connect', onConnect);
    };
  }, [socket, queryClient, flush]);

  return {
    state: query.data ?? null,
    /** Nothing yet, neither from REST nor from the socket. */
    isLoading: query.data === undefined && query.status === 'pending',
    /** REST failed and no live event has arrived either. */
    error: query.data === undefined ? query.error : null,
    refetch: query.refetch,
    connected,
    /** 'Conectando…' before the first connection, 'Reconectando…' after a drop. */
    socketStatus,
  };
}
