import { TRIAL_DAYS, type PlanDefinition, type PlanResponse } from '@arbitra/contracts';
import { QueryState } from '@/components/ui/section-state';
import { usePlans } from '@/lib/billing/subscription-api';
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
  const plans = usePlans(idle);
  return (
    <Section
      id="pricing"
      eyebrow="Preços"
      title="Planos para cada estágio"
      description={`Toda conta nova começa com ${TRIAL_DAYS} dias grátis do plano Profissional, sem cartão. Cancele quando quiser, com acesso até o fim do período pago.`}
      className="bg-card/30"
    >
      <QueryState query={plans} fallback="Erro ao carregar os planos" loadingLabel="Carregando os planos...">
        {(data) => (
          <div className="mx-auto grid max-w-5xl gap-6 lg:grid-cols-3">
            {data.map((plan) => (
              <PlanCard key={plan.id} plan={toPlanDefinition(plan)} />
            ))}
          </div>
        )}
      </QueryState>
    </Section>
  );
}
