import type { SubscriptionResponse } from '@arbitra/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/lib/session';
import { fetchSubscription } from '../api/market-api';

export type RealtimeAccess =
  /** Profissional/Enterprise in trial or paid: every change, as it happens. */
  | { kind: 'realtime' }
  /** Básico: the 10 best every 3 s. */
  | { kind: 'basic' }
  /** A plan with real time whose subscription lapsed (past_due/canceled): the basic scanner meanwhile. */
  | { kind: 'inactive'; planName: string }
  /** Not known (loading, failed, or no session). */
  | { kind: 'unknown' };

export function accessFrom(subscription: SubscriptionResponse | undefined): RealtimeAccess {
  if (!subscription) return { kind: 'unknown' };
  if (!subscription.features.realTimeData) return { kind: 'basic' };
  const active = subscription.status === 'trialing' || subscription.status === 'active';
  return active ? { kind: 'realtime' } : { kind: 'inactive', planName: subscription.planName };
}

/**
 * Whether this user's plan includes real time. The socket decides server-side (only those users get
 * 'scanner:delta'); the screen only explains what the user sees. Receiving deltas settles it too.
 */
export function useRealtimeAccess(receivingDeltas: boolean): RealtimeAccess {
  const { token } = useSession();
  const { data } = useQuery({
    queryKey: ['scanner', 'subscription'],
    queryFn: ({ signal }) => fetchSubscription(signal),
    enabled: token !== null,
    staleTime: 60_000,
    retry: false,
  });
  if (receivingDeltas) return { kind: 'realtime' };
  return accessFrom(data);
}
