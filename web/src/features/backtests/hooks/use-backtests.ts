import type { BacktestDetail, BacktestProgressEvent } from '@arbitra/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useReadAgainOnConnect, useSocket, useSocketEvent } from '@/lib/socket';
import { backtestsApi } from '@/lib/backtests-api';

export const BACKTESTS_KEY = ['backtests'] as const;
export const backtestKey = (id: string) => ['backtests', id] as const;

const ACTIVE = new Set(['queued', 'running']);

/** The user's backtests; a progress event refreshes the list. */
export function useBacktests() {
  const queryClient = useQueryClient();
  const socket = useSocket();
  useSocketEvent(socket, 'backtest:progress', () => {
    void queryClient.invalidateQueries({ queryKey: BACKTESTS_KEY, exact: true });
  });
  useReadAgainOnConnect(socket, BACKTESTS_KEY);
  return useQuery({ queryKey: BACKTESTS_KEY, queryFn: backtestsApi.list });
}

/**
 * One backtest with its result. While it runs, 'backtest:progress' on the owner's room moves its bar at once; the
 * row is read again when it ends (and every few seconds meanwhile, in case an event was missed).
 */
export function useBacktest(id: string | undefined) {
  const queryClient = useQueryClient();
  const socket = useSocket();
  const query = useQuery({
    queryKey: backtestKey(id ?? ''),
    queryFn: () => backtestsApi.get(id!),
    enabled: Boolean(id),
    refetchInterval: (q) => (q.state.data && ACTIVE.has(q.state.data.status) ? 3_000 : false),
  });
  useSocketEvent(socket, 'backtest:progress', (event: BacktestProgressEvent) => {
    if (event.id !== id) return;
    if (ACTIVE.has(event.status)) {
      queryClient.setQueryData<BacktestDetail>(backtestKey(event.id), (b) =>
        b ? { ...b, status: event.status, progress: event.progress } : b,
      );
    } else {
      void queryClient.invalidateQueries({ queryKey: backtestKey(event.id) });
    }
  });
  return query;
}
