import { MESSAGES, type BillingCycle, type PlanId, type PlanResponse } from '@arbitra/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { Check } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatBRL } from '@/lib/format';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-error';
import { paymentApi } from '@/lib/billing/payment-api';
import { subscriptionKeys } from '@/lib/billing/subscription-api';

/** The three plans side by side (DECISIONS §2), with the user's own marked. */
export function PlanComparison({
  plans,
  currentPlanId,
  billing = 'monthly',
}: {
  plans: PlanResponse[];
  currentPlanId: PlanId | null;
  billing?: BillingCycle;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // POST /api/user/subscription/upgrade: an upgrade goes to the checkout; a downgrade is scheduled (or refused).
  const change = useMutation({
    mutationFn: (planId: PlanId) => paymentApi.upgrade(planId, billing),
    onSuccess: (r) => {
      toast({ title: r.message, variant: 'success' });
      if (r.checkoutUrl) void navigate(r.checkoutUrl);
      else void queryClient.invalidateQueries({ queryKey: subscriptionKeys.subscription });
    },
    onError: (e) => toast({ title: errorMessage(e, MESSAGES.payments.upgradeError), variant: 'destructive' }),
  });
  return (
    <section aria-label="Comparação de planos" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h3 className="text-lg font-semibold">Comparação de planos</h3>
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
                <Button
                  className="w-full"
                  variant={current ? 'outline' : 'default'}
                  disabled={current || change.isPending}
                  onClick={() => change.mutate(plan.id)}
                >
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
