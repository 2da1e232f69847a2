import { PLANS, TRIAL_DAYS } from '@arbitra/contracts';
import { PlanCard } from './plan-card';
import { Section } from './section';

export function PricingSection() {
  return (
    <Section
      id="pricing"
      eyebrow="Preços"
      title="Planos para cada estágio"
      description={`Todos os planos começam com ${TRIAL_DAYS} dias grátis. Cancele quando quiser, com acesso até o fim do período pago.`}
      className="bg-card/30"
    >
      <div className="mx-auto grid max-w-5xl gap-6 lg:grid-cols-3">
        {PLANS.map((plan) => (
          <PlanCard key={plan.id} plan={plan} />
        ))}
      </div>
    </Section>
  );
}
