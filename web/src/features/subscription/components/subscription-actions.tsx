import { MESSAGES, type SubscriptionResponse } from '@arbitra/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { paymentApi } from '@/lib/billing/payment-api';
import { subscriptionKeys } from '@/lib/billing/subscription-api';

const M = MESSAGES.payments;

/** Upgrade (→ /payment), cancel with a confirmation, 'Reativar' before the period end (DECISIONS §3). */
export function SubscriptionActions({ subscription }: { subscription: SubscriptionResponse }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const running = subscription.status === 'trialing' || subscription.status === 'active';
  const refresh = () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.subscription });

  const cancel = useMutation({
    mutationFn: paymentApi.cancel,
    onSuccess: (r) => {
      setConfirming(false);
      toast({ title: r.message, variant: 'success' });
      void refresh();
    },
    onError: (e) => toast({ title: errorMessage(e, M.cancelError), variant: 'destructive' }),
  });
  const reactivate = useMutation({
    mutationFn: paymentApi.reactivate,
    onSuccess: (r) => {
      toast({ title: r.message, variant: 'success' });
      void refresh();
    },
    onError: (e) => toast({ title: errorMessage(e, M.upgradeError), variant: 'destructive' }),
  });

  const upgradeTarget =
    subscription.planId === 'enterprise'
      ? 'enterprise'
      : subscription.planId === 'basic'
        ? 'professional'
        : 'enterprise';
  return (
    <>
      <Button onClick={() => void navigate(`/payment?plan=${upgradeTarget}&billing=${subscription.billing}`)}>
        {running ? 'Fazer upgrade' : 'Escolher um plano'}
      </Button>
      {running && !subscription.cancelAtPeriodEnd ? (
        <Button variant="outline" onClick={() => setConfirming(true)}>
          Cancelar assinatura
        </Button>
      ) : null}
      {running && subscription.cancelAtPeriodEnd ? (
        <Button variant="outline" disabled={reactivate.isPending} onClick={() => reactivate.mutate()}>
          Reativar
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cancelar assinatura?"
        description={`Você mantém o acesso ao plano ${subscription.planName} até ${formatDate(subscription.currentPeriodEnd)}. Depois disso, seus bots param e nenhuma nova cobrança é feita. Você pode reativar antes dessa data.`}
        confirmLabel="Cancelar assinatura"
        cancelLabel="Manter assinatura"
        destructive
        pending={cancel.isPending}
        onConfirm={() => cancel.mutate()}
      />
    </>
  );
}
