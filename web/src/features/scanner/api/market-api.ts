import type { MarketSnapshot, SubscriptionResponse } from '@arbitra/contracts';
import { apiClient } from '@/lib/api-client';

/** GET /api/market/snapshot (public): the scanner, prices, feeds and figures as last published. */
export function fetchMarketSnapshot(signal?: AbortSignal): Promise<MarketSnapshot> {
  return apiClient.get<MarketSnapshot>('/api/market/snapshot', { signal, auth: false });
}

/** GET /api/user/subscription: tells whether the plan includes real-time data. */
export function fetchSubscription(signal?: AbortSignal): Promise<SubscriptionResponse> {
  return apiClient.get<SubscriptionResponse>('/api/user/subscription', { signal });
}
