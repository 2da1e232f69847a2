import {
  MESSAGES,
  type TradeDateRange,
  type TradeStatusFilter,
  type TradesResponse,
} from '@arbitra/contracts';
import { ApiError, apiClient } from '@/lib/api-client';
import { getSessionStore } from '@/lib/session/session-store';

export interface TradesFilters {
  dateRange: TradeDateRange;
  status: TradeStatusFilter;
  bot: string;
  page?: number;
  pageSize?: number;
}

export const tradesApi = {
  list: (query: TradesFilters) => apiClient.get<TradesResponse>('/api/trades', { query: { ...query } }),

  /** Downloads the server's CSV (DECISIONS §9) with the Bearer token: a plain link cannot send it. */
  async exportCsv(query: TradesFilters): Promise<void> {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query))
      if (v !== undefined && k !== 'page' && k !== 'pageSize') params.set(k, String(v));
    const token = getSessionStore().getToken();
    let res: Response;
    try {
      res = await fetch(`/api/trades/export?${params.toString()}`, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
    } catch {
      throw new ApiError(MESSAGES.common.connectionError, 0);
    }
    if (!res.ok) {
      if (res.status === 401) getSessionStore().signOut();
      const body = (await res.json().catch(() => null)) as { message?: string } | null;
      throw new ApiError(body?.message ?? MESSAGES.trades.exportError, res.status);
    }
    const blob = await res.blob();
    const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'trades.csv';
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    URL.revokeObjectURL(url);
  },
};
