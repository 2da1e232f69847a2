import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LIVE_METRICS_INTERVAL_MS } from '@arbitra/contracts';
import { useSocket, useSocketEvent } from '@/lib/socket';
import { adminApi } from '../api/admin-api';
import { LiveMetricsState, type LivePoint, type LiveWarning } from '../lib/live-metrics-store';

export interface LiveMetricsView {
  state: LiveMetricsState;
  /** Changes every second (re-render). */
  now: number;
  history: LivePoint[];
  current: LivePoint | null;
  warnings: LiveWarning[];
  connected: boolean;
}

const LiveMetricsContext = createContext<LiveMetricsView | null>(null);

/**
 * Starts from the api's last 15 minutes (GET /api/admin/system?include=history, once), then listens to
 * 'admin:metrics' for every admin page (mounted by the admin layout, so the history survives a change of page)
 * and builds one platform point a second with the same aggregate as the api.
 */
export function LiveMetricsProvider({ children }: { children: ReactNode }) {
  const socket = useSocket();
  const state = useMemo(() => new LiveMetricsState(), []);
  const [now, setNow] = useState(() => Date.now());
  useSocketEvent(socket, 'admin:metrics', (sample) => state.receive(sample, Date.now()));
  const past = useQuery({
    queryKey: ['admin', 'live-history'],
    queryFn: adminApi.systemHistory,
    staleTime: Infinity,
    gcTime: 0,
  });
  useEffect(() => {
    if (!past.data?.history) return;
    const t = Date.now();
    state.seed(past.data.history, t);
    setNow(t);
  }, [past.data, state]);
  useEffect(() => {
    const timer = setInterval(() => {
      const t = Date.now();
      state.tick(t);
      setNow(t);
    }, LIVE_METRICS_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [state]);
  const view = useMemo<LiveMetricsView>(
    () => ({
      state,
      now,
      history: state.history,
      current: state.history[state.history.length - 1] ?? null,
      warnings: state.warnings(now),
      connected: socket?.connected ?? false,
    }),
    [state, now, socket],
  );
  return <LiveMetricsContext.Provider value={view}>{children}</LiveMetricsContext.Provider>;
}

export function useLiveMetrics(): LiveMetricsView {
  const v = useContext(LiveMetricsContext);
  if (!v) throw new Error('useLiveMetrics precisa do LiveMetricsProvider (layout da administração)');
  return v;
}
