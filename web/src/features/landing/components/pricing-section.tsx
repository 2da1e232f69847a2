import { TRIAL_DAYS, type PlanDefinition, type PlanResponse } from '@arbitra/contracts';
import { useQuery } from '@tanstack/react-query';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-error';
import { subscriptionApi, subscriptionKeys } from '@/lib/billing/subscription-api';
import { useIdle } from '@/lib/idle';
import { PlanCard } from './plan-card';
import { Section } from './section';

/** GET /api/plans as the card's plan (the one price list, served by the api: DECISIONS §2). */
export const toPlanDefinition = (p: PlanResponse): PlanDefinition => ({
  id: p.id,
  name: p.name,
  monthlyCents: p.priceCents,
  yearlyCents: p.yearlyPriceCents,
  popular: p.popular,
  features: p.features,
  highlights: p.highlights,
});

export function PricingSection() {
  // Under the first screen: asked for once the page is interactive (issue 33), so the plans' cards are not drawn
  // among the tasks that hydrate the page on a slow phone.
  const idle = useIdle();
  const plans = useQuery({
    queryKey: subscriptionKeys.plans,
    queryFn: ({ signal }) => subscriptionApi.plans(signal),
    enabled: idle,
  });
  return (
    <Section
      id="pricing"
      eyebrow="Preços"
      title="Planos para cada estágio"
      description={`Toda conta nova começa com ${TRIAL_DAYS} dias grátis do plano Profissional, sem cartão. Cancele quando quiser, com acesso até o fim do período pago.`}
      className="bg-card/30"
    >
      {plans.isPending ? (
        <Spinner label="Carregando os planos..." />
      ) : plans.isError ? (
        <FormAlert
          message={errorMessage(plans.error, 'Erro ao carregar os planos')}
          onRetry={() => void plans.refetch()}
        />
      ) : (
        <div className="mx-auto grid max-w-5xl gap-6 lg:grid-cols-3">
          {plans.data.map((plan) => (
            <PlanCard key={plan.id} plan={toPlanDefinition(plan)} />
          ))}
        </div>
      )}
    </Section>
  );
}
