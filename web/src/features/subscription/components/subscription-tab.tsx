import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-error';
import { subscriptionApi, subscriptionKeys } from '@/lib/billing/subscription-api';
import { CurrentPlanCard } from './current-plan-card';
import { useSocket, useSocketEvent } from '@/lib/socket';
import { paymentKeys } from '@/lib/billing/payment-api';
import { PaymentHistory } from './payment-history';
import { PlanComparison } from './plan-comparison';
import { StoredCard } from './stored-card';
import { SandboxNotice } from '@/lib/billing/sandbox-notice';

/** Dashboard › Assinatura (SPEC §2, DECISIONS §2–3): the current plan and the three plans, from the server. */
export function SubscriptionTab() {
  const subscription = useQuery({
    queryKey: subscriptionKeys.subscription,
    queryFn: ({ signal }) => subscriptionApi.subscription(signal),
  });
  const plans = useQuery({
    queryKey: subscriptionKeys.plans,
    queryFn: ({ signal }) => subscriptionApi.plans(signal),
  });
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
      <div>
        <h2 className="text-xl font-semibold">Assinatura</h2>
        <p className="text-sm text-muted-foreground">Seu plano, o que ele inclui e os planos disponíveis.</p>
      </div>
      <SandboxNotice />
      {subscription.isPending ? (
        <Spinner label="Carregando a assinatura..." />
      ) : subscription.isError ? (
        <FormAlert
          message={errorMessage(subscription.error, 'Erro ao carregar a assinatura')}
          onRetry={() => void subscription.refetch()}
        />
      ) : (
        <CurrentPlanCard subscription={subscription.data} />
      )}
      {subscription.data ? <StoredCard /> : null}
      {plans.isPending ? (
        <Spinner label="Carregando os planos..." />
      ) : plans.isError ? (
        <FormAlert
          message={errorMessage(plans.error, 'Erro ao carregar os planos')}
          onRetry={() => void plans.refetch()}
        />
      ) : (
        <PlanComparison
          plans={plans.data}
          currentPlanId={subscription.data?.planId ?? null}
          billing={subscription.data?.billing ?? 'monthly'}
        />
      )}
      <PaymentHistory />
    </section>
  );
}
