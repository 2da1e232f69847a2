import {
  MESSAGES,
  OPPORTUNITY_HISTORY_PUBLISH_MS,
  countAtLeast,
  type BotOpportunityFilter,
  type OpportunityFilterHistory,
} from '@arbitra/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatNumber } from '@/lib/format';
import { botsApi } from '../api/bots-api';

/** The history for a filter; none until it has pairs and exchanges. Refreshed as the engine publishes. */
export function useOpportunityHistory(filter: BotOpportunityFilter) {
  const ready = filter.pairs.length > 0 && filter.exchanges.length > 0;
  return useQuery({
    queryKey: [
      'opportunity-history',
      filter.strategy,
      [...filter.pairs].sort(),
      [...filter.exchanges].sort(),
    ],
    queryFn: () => botsApi.opportunityHistory(filter),
    enabled: ready,
    staleTime: OPPORTUNITY_HISTORY_PUBLISH_MS,
    // Not there yet (the engine publishes every 15 s): ask again soon; then keep up with the market.
    refetchInterval: (q) => (q.state.status === 'error' ? 5_000 : 4 * OPPORTUNITY_HISTORY_PUBLISH_MS),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export interface FilterRate {
  text: string;
  /** No opportunity would have passed: the bot would sit idle. */
  none: boolean;
}

/**
 * 'Nas últimas 24 h, ~N oportunidades por hora passariam deste filtro' for a minimum profit (percent), from the
 * 24 h histogram: the opportunities whose peak net % reached it, per hour of the time covered.
 */
export function filterRate(history: OpportunityFilterHistory, minPercent: number): FilterRate {
  const window = MESSAGES.market.filterWindow(history.coveredMs);
  const n = countAtLeast(history.day, minPercent);
  if (n === 0) return { text: MESSAGES.market.filterNone(window), none: true };
  const perHour = n / Math.max(history.coveredMs / 3_600_000, 1 / 60);
  const decimals = perHour >= 10 ? 0 : perHour >= 1 ? 1 : 2;
  const shown = Math.max(perHour, 10 ** -decimals);
  return { text: MESSAGES.market.filterRate(window, formatNumber(shown, decimals)), none: false };
}
