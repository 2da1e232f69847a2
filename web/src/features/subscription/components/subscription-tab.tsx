import { useQueryClient } from '@tanstack/react-query';
import { QueryState } from '@/components/ui/section-state';
import { subscriptionKeys, useSubscription, usePlans } from '@/lib/billing/subscription-api';
import { CurrentPlanCard } from './current-plan-card';
import { useSocket, useSocketEvent } from '@/lib/socket';
import { paymentKeys } from '@/lib/billing/payment-api';
import { PaymentHistory } from './payment-history';
import { PlanComparison } from './plan-comparison';
import { StoredCard } from './stored-card';
import { SandboxNotice } from '@/lib/billing/sandbox-notice';
import { TabHeading } from '@/components/ui/page-header';

/** Dashboard › Assinatura (SPEC §2, DECISIONS §2–3): the current plan and the three plans, from the server. */
export function SubscriptionTab() {
  const subscription = useSubscription();
  const plans = usePlans();
  const queryClient = useQueryClient();
  const socket = useSocket();
  // Payments confirmed, lapses and cancellations are pushed to the user's room.
  useSocketEvent(socket, 'subscription:updated', () => {
    void queryClient.invalidateQueries({ queryKey: subscriptionKeys.subscription });
    void queryClient.invalidateQueries({ queryKey: paymentKeys.history });
    void queryClient.invalidateQueries({ queryKey: paymentKeys.storedCard });
  });

  return (
    <section aria-label="Assinatura" className="flex flex-col gap-6">
      <TabHeading title="Assinatura" description="Seu plano, o que ele inclui e os planos disponíveis." />
      <SandboxNotice />
      <QueryState
        query={subscription}
        fallback="Erro ao carregar a assinatura"
        loadingLabel="Carregando a assinatura..."
      >
        {(data) => <CurrentPlanCard subscription={data} />}
      </QueryState>
      {subscription.data ? <StoredCard /> : null}
      <QueryState query={plans} fallback="Erro ao carregar os planos" loadingLabel="Carregando os planos...">
        {(data) => (
          <PlanComparison
            plans={data}
            currentPlanId={subscription.data?.planId ?? null}
            billing={subscription.data?.billing ?? 'monthly'}
          />
        )}
      </QueryState>
      <PaymentHistory />
    </section>
  );
}
