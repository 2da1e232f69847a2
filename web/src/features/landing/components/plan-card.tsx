import { TRIAL_DAYS, yearlyDiscountPercent, type PlanDefinition } from '@arbitra/contracts';
import { Check } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { ROUTES } from '@/config/routes';
import { cn } from '@/lib/cn';
import { formatBRL } from '@/lib/format';

export function PlanCard({ plan }: { plan: PlanDefinition }) {
  return (
    <Card
      aria-label={`Plano ${plan.name}`}
      className={cn(
        'relative flex flex-col',
        plan.popular && 'border-primary shadow-xl shadow-primary/10 lg:-translate-y-2',
      )}
    >
      {plan.popular ? (
        <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 bg-primary text-primary-foreground">
          Mais Popular
        </Badge>
      ) : null}
      <CardHeader className="gap-3 pt-7">
        <CardTitle>{plan.name}</CardTitle>
        <p>
          <span className="text-4xl font-bold tracking-tight">{formatBRL(plan.monthlyCents)}</span>
          <span className="text-muted-foreground">/mês</span>
        </p>
        <p className="text-sm text-muted-foreground">
          ou {formatBRL(plan.yearlyCents)}/ano (economize {yearlyDiscountPercent(plan)}%)
        </p>
      </CardHeader>
      <CardContent className="flex-1">
        <ul className="flex flex-col gap-2.5">
          {plan.highlights.map((item) => (
            <li key={item} className="flex items-start gap-2 text-sm">
              <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
              {item}
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter className="flex-col gap-2">
        <Button asChild className="w-full" variant={plan.popular ? 'default' : 'outline'}>
          <Link to={ROUTES.register}>Começar {TRIAL_DAYS} dias grátis</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
