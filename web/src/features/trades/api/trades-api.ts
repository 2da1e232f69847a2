import {
  MESSAGES,
  type TradeDateRange,
  type TradeModeFilter,
  type TradeStatusFilter,
  type TradesResponse,
} from '@arbitra/contracts';
import { apiClient } from '@/lib/api-client';
import { downloadFromApi } from '@/lib/download';

export interface TradesFilters {
  dateRange: TradeDateRange;
  status: TradeStatusFilter;
  mode: TradeModeFilter;
  bot: string;
  page?: number;
  pageSize?: number;
}

export const tradesApi = {
  list: (query: TradesFilters) => apiClient.get<TradesResponse>('/api/trades', { query: { ...query } }),

  /** Downloads the server's CSV (DECISIONS §9) over the whole filtered set. */
  exportCsv: ({ page: _page, pageSize: _pageSize, ...query }: TradesFilters): Promise<void> =>
    downloadFromApi('/api/trades/export', { ...query }, 'trades.csv', MESSAGES.trades.exportError),

  /** The second export (issue 15): the same rows with the USDT/BRL rate and the R$ figures. */
  exportBrlCsv: ({ page: _page, pageSize: _pageSize, ...query }: TradesFilters): Promise<void> =>
    downloadFromApi('/api/trades/export-brl', { ...query }, 'trades_brl.csv', MESSAGES.trades.exportError),
};
