
import { AlertTriangle } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useSubscription } from '@/lib/billing/subscription-api';

/** Dashboard banner when the subscription is past_due or canceled: the bots were stopped, nothing deleted. */
export function LapsedBanner() {
  const subscription = useSubscription();
  const status = subscription.data?.status;
  if (status !== 'past_due' && status !== 'canceled') return null;
  return (
    <div
      role="alert"
      className="mb-4 flex flex-wrap items-center gap-3 rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm"
    >
      <AlertTriangle className="size-4 text-destructive" aria-hidden />
      <span>
        {status === 'past_due' ? 'Assinatura vencida' : 'Assinatura cancelada'}: seus bots em execução foram
        parados. Nada foi apagado.
      </span>
      <Link to="/payment" className="font-medium text-primary underline-offset-4 hover:underline">
        Escolher um plano
      </Link>
    </div>
  );
}
