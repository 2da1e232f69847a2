import type { PlanFeatures } from '@arbitra/contracts';
import { Check, X } from 'lucide-react';
import { cn } from '@/lib/cn';
import { featureLines } from '@/lib/billing/plan-features';

export function FeatureList({ features, className }: { features: PlanFeatures; className?: string }) {
  return (
    <ul className={cn('flex flex-col gap-2 text-sm', className)}>
      {featureLines(features).map(({ label, included }) => (
        <li
          key={label}
          className={cn('flex items-start gap-2', !included && 'text-muted-foreground line-through')}
        >
          {included ? (
            <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-label="Incluído" />
          ) : (
            <X className="mt-0.5 size-4 shrink-0" aria-label="Não incluído" />
          )}
          {label}
        </li>
      ))}
    </ul>
  );
}
