import { ComingSoon } from '@/components/ui/coming-soon';

/** Placeholder: replaced by the subscription view (SPEC §2, DECISIONS §3). */
export function SubscriptionTab() {
  return (
    <ComingSoon
      title="Assinatura"
      description="Seu plano atual, período de teste, comparação de planos, upgrade e cancelamento."
    />
  );
}
