import type { PlanResponse, SubscriptionResponse } from '@arbitra/contracts';
import { apiClient, isApiError } from '@/lib/api-client';

export const subscriptionKeys = {
  subscription: ['user', 'subscription'] as const,
  plans: ['plans'] as const,
};

/** The Assinatura tab's calls (docs/api/accounts.md, "Plans and subscription"). */
export const subscriptionApi = {
  /** null when the user has none (404 no_subscription, e.g. the seeded admin). */
  subscription: async (signal?: AbortSignal): Promise<SubscriptionResponse | null> => {
    try {
      return await apiClient.get<SubscriptionResponse>('/api/user/subscription', { signal });
    } catch (error) {
      if (isApiError(error) && error.code === 'no_subscription') return null;
      throw error;
    }
  },
  plans: (signal?: AbortSignal) => apiClient.get<PlanResponse[]>('/api/plans', { signal, auth: false }),
};
