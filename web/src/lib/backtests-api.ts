import type { Backtest, BacktestDetail, BacktestOptions, BacktestRequest } from '@arbitra/contracts';
import { apiClient } from '@/lib/api-client';

export const backtestsApi = {
  list: () => apiClient.get<Backtest[]>('/api/backtests'),
  get: (id: string) => apiClient.get<BacktestDetail>(`/api/backtests/${encodeURIComponent(id)}`),
  create: (body: BacktestRequest) =>
    apiClient.post<{ message: string; backtest: Backtest }>('/api/backtests', body),
  cancel: (id: string) =>
    apiClient.post<{ message: string; backtest: BacktestDetail }>(
      `/api/backtests/${encodeURIComponent(id)}/cancel`,
    ),
  remove: (id: string) => apiClient.delete<{ message: string }>(`/api/backtests/${encodeURIComponent(id)}`),
  options: () => apiClient.get<BacktestOptions>('/api/backtests/options'),
};
