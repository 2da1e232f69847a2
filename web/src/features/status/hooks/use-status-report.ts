import type { FeedState } from '@arbitra/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSocket, useSocketEvent } from '@/lib/socket';
import { fetchStatusReport } from '../api/status-api';
import { mergeFeeds } from '../lib/status-view';

export const STATUS_REFRESH_MS = 5_000;

/** GET /api/status every 5 s, with the feeds kept live between reports by 'market:feeds'. */
export function useStatusReport() {
  const query = useQuery({
    queryKey: ['status', 'report'],
    queryFn: ({ signal }) => fetchStatusReport(signal),
    refetchInterval: STATUS_REFRESH_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
    retry: false,
  });
  const socket = useSocket({ allowAnonymous: true });
  const [liveFeeds, setLiveFeeds] = useState<FeedState[]>([]);
  useSocketEvent(socket, 'market:feeds', (feeds) => setLiveFeeds((prev) => mergeFeeds(prev, feeds)));

  const report = query.data;
  const apiReachable = !query.isError;
  return {
    report,
    apiReachable,
    loading: query.isPending,
    feeds: mergeFeeds(apiReachable ? (report?.feeds ?? []) : [], liveFeeds),
    /** Client time the last report arrived (to count its age on screen). */
    receivedAt: query.dataUpdatedAt,
  };
}

/** The client's clock, ticking every second. */
export function useClock(intervalMs = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
