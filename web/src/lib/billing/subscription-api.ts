import type { PlanResponse, SubscriptionResponse } from '@arbitra/contracts';
import { useQuery } from '@tanstack/react-query';
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

/** The signed-in user's subscription (null: none), one query for every page that reads it. */
export const useSubscription = () =>
  useQuery({
    queryKey: subscriptionKeys.subscription,
    queryFn: ({ signal }) => subscriptionApi.subscription(signal),
  });

/** The plans on offer, from the server (`enabled`: false until the page wants them). */
export const usePlans = (enabled = true) =>
  useQuery({
    queryKey: subscriptionKeys.plans,
    queryFn: ({ signal }) => subscriptionApi.plans(signal),
    enabled,
  });
