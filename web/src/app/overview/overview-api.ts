import type { BotMode, OverviewResponse } from '@arbitra/contracts';
import { apiClient } from '@/lib/api-client';

export const overviewKey = (mode: BotMode | undefined) => ['overview', mode ?? 'default'] as const;

export const overviewApi = {
  /** The home's P&L windows and equity curve (GET /api/trades/overview); no mode: the server picks. */
  get: (mode: BotMode | undefined, signal?: AbortSignal) =>
    apiClient.get<OverviewResponse>('/api/trades/overview', { query: mode ? { mode } : {}, signal }),
};
