import type { PlanId, PlanResponse } from '@arbitra/contracts';
import { Check } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatBRL } from '@/lib/format';
import { PaymentsSoonNote } from './payments-soon-note';

/** The three plans side by side (DECISIONS §2), with the user's own marked. */
export function PlanComparison({
  plans,
  currentPlanId,
}: {
  plans: PlanResponse[];
  currentPlanId: PlanId | null;
}) {
  return (
    <section aria-label="Comparação de planos" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h3 className="text-lg font-semibold">Comparação de planos</h3>
        <PaymentsSoonNote />
      </div>
      <div className="grid gap-5 pt-3 md:grid-cols-3">
        {plans.map((plan) => {
          const current = plan.id === currentPlanId;
          return (
            <Card
              key={plan.id}
              aria-label={`Plano ${plan.name}`}
              className={cn(
                'relative flex flex-col',
                plan.popular && 'border-primary shadow-lg shadow-primary/10',
              )}
            >
              {plan.popular ? (
                <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 bg-primary text-primary-foreground">
                  Mais Popular
                </Badge>
              ) : null}
              <CardHeader className="gap-2 pt-6">
                <CardTitle className="flex items-center justify-between gap-2">
                  {plan.name}
                  {current ? <Badge variant="success">Seu plano</Badge> : null}
                </CardTitle>
                <p>
                  <span className="text-3xl font-bold tracking-tight">{formatBRL(plan.priceCents)}</span>
                  <span className="text-muted-foreground">/mês</span>
                </p>
                <p className="text-xs text-muted-foreground">
                  ou {formatBRL(plan.yearlyPriceCents)}/ano (economize {plan.yearlyDiscountPercent}%)
                </p>
              </CardHeader>
              <CardContent className="flex-1">
                <ul className="flex flex-col gap-2 text-sm">
                  {plan.highlights.map((item) => (
                    <li key={item} className="flex items-start gap-2">
                      <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                      {item}
                    </li>
                  ))}
                </ul>
              </CardContent>
              <CardFooter>
                <Button className="w-full" variant={current ? 'outline' : 'default'} disabled>
                  {current ? 'Plano atual' : `Mudar para ${plan.name}`}
                </Button>
              </CardFooter>
            </Card>
          );
        })}
      </div>
    </section>
  );
}
