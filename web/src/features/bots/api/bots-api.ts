import type {
  AccountRebalanceView,
  RebalanceResult,
  Bot,
  BotDetail,
  BotMutationResponse,
  BotOpportunityFilter,
  BotRequest,
  OpportunityFilterHistory,
} from '@arbitra/contracts';
import { apiClient } from '@/lib/api-client';

export const botsApi = {
  list: () => apiClient.get<Bot[]>('/api/bots'),
  /**
   * `liveChecklist`: with 'Pronto para operar ao vivo' (asked of the exchanges: seconds); `inventory`: with the
   * bot's 'Inventário' (issue 29).
   */
  detail: (id: string, options: { liveChecklist?: boolean; inventory?: boolean } = {}) => {
    const query = new URLSearchParams();
    if (options.liveChecklist) query.set('liveChecklist', 'true');
    if (options.inventory) query.set('include', 'inventory');
    const qs = query.toString();
    return apiClient.get<BotDetail>(`/api/bots/${encodeURIComponent(id)}${qs ? `?${qs}` : ''}`);
  },
  create: (body: BotRequest) => apiClient.post<BotMutationResponse>('/api/bots', body),
  update: (id: string, body: BotRequest) =>
    apiClient.put<BotMutationResponse>(`/api/bots/${encodeURIComponent(id)}`, body),
  remove: (id: string) => apiClient.delete<{ message: string }>(`/api/bots/${encodeURIComponent(id)}`),
  toggle: (id: string) => apiClient.post<BotMutationResponse>(`/api/bots/${encodeURIComponent(id)}/toggle`),
  /** The bot's rebalancing plan and transfers (issue 29). */
  rebalance: (id: string) =>
    apiClient.get<BotDetail>(`/api/bots/${encodeURIComponent(id)}?include=rebalance`),
  /** 'Rebalancear' (paper): `key` identifies the click, so a retry or a double click moves nothing twice. */
  executeRebalance: (id: string, key: string) =>
    apiClient.post<RebalanceResult>(`/api/bots/${encodeURIComponent(id)}`, { action: 'rebalance', key }),
  /** The whole account's plan (every bot together). */
  accountRebalance: () => apiClient.get<AccountRebalanceView>('/api/bots?view=rebalance'),
  /** The last 24 h of opportunities a filter would take (the bot form's line and default minimum). */
  opportunityHistory: (f: BotOpportunityFilter) =>
    apiClient.get<OpportunityFilterHistory>(
      `/api/market/opportunity-history?${new URLSearchParams({
        strategy: f.strategy,
        pairs: f.pairs.join(','),
        exchanges: f.exchanges.join(','),
      }).toString()}`,
    ),
};
