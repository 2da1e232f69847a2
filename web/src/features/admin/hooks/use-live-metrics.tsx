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
  // The api's points go in front of this page's own as they arrive (seeded in the query function).
  useQuery({
    queryKey: ['admin', 'live-history'],
    queryFn: async () => {
      const overview = await adminApi.systemHistory();
      state.seed(overview.history ?? [], Date.now());
      return overview.history?.length ?? 0;
    },
    staleTime: Infinity,
    gcTime: 0,
    // Nothing here reads the result: re-render when it arrives, so the seeded history is drawn at once.
    notifyOnChangeProps: ['data'],
  });
  useEffect(() => {
    const timer = setInterval(() => {
      const t = Date.now();
      state.tick(t);
      setNow(t);
    }, LIVE_METRICS_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [state]);
  // A new array at each point and when the api's history was put in front (the query's answer re-renders).
  const history = state.history;
  const view = useMemo<LiveMetricsView>(
    () => ({
      state,
      now,
      history,
      current: history[history.length - 1] ?? null,
      warnings: state.warnings(now),
      connected: socket?.connected ?? false,
    }),
    [state, now, socket, history],
  );
  return <LiveMetricsContext.Provider value={view}>{children}</LiveMetricsContext.Provider>;
}

export function useLiveMetrics(): LiveMetricsView {
  const v = useContext(LiveMetricsContext);
  if (!v) throw new Error('useLiveMetrics precisa do LiveMetricsProvider (layout da administração)');
  return v;
}
