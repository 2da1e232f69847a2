import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
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
import { useSocketConnected } from './use-socket-connected';

export const MARKET_STATE_KEY = ['market', 'state'] as const;

/** While the socket is down, the REST snapshot is polled so the screen does not freeze silently. */
const FALLBACK_POLL_MS = 5_000;

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
  const connected = useSocketConnected(socket);

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
  });

  const update = useCallback(
    (reduce: (state: MarketState) => MarketState) => {
      queryClient.setQueryData<MarketState>(MARKET_STATE_KEY, (prev) => reduce(prev ?? EMPTY_MARKET_STATE));
    },
    [queryClient],
  );

  useSocketEvent(socket, 'scanner:snapshot', (snap) => update((s) => applySnapshot(s, snap, Date.now())));
  useSocketEvent(socket, 'scanner:delta', (delta) => update((s) => applyDelta(s, delta, Date.now())));
  useSocketEvent(socket, 'market:prices', (grid) => update((s) => applyPrices(s, grid, Date.now())));
  useSocketEvent(socket, 'market:feeds', (feeds) => update((s) => applyFeeds(s, feeds)));
  useSocketEvent(socket, 'engine:stats', (stats) => update((s) => applyStats(s, stats, Date.now())));

  // Deltas that arrived while no scanner screen was open were not applied: start the book again.
  useEffect(() => resetLiveBook(queryClient), [queryClient]);

  // After a reconnection, deltas may have been missed: drop the real-time book and read the snapshot again.
  // The first connection of a fresh socket is not one: the query is already loading.
  useEffect(() => {
    if (!socket) return undefined;
    let connectedBefore = socket.connected;
    const onConnect = () => {
      if (connectedBefore) {
        resetLiveBook(queryClient);
        void queryClient.invalidateQueries({ queryKey: MARKET_STATE_KEY });
      }
      connectedBefore = true;
    };
    socket.on('connect', onConnect);
    return () => {
      socket.off('connect', onConnect);
    };
  }, [socket, queryClient]);

  return {
    state: query.data ?? null,
    /** Nothing yet, neither from REST nor from the socket. */
    isLoading: query.data === undefined && query.status === 'pending',
    /** REST failed and no live event has arrived either. */
    error: query.data === undefined ? query.error : null,
    refetch: query.refetch,
    connected,
  };
}
