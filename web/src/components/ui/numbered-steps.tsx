import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn';

export interface NumberedStep {
  title: string;
  description: string;
  icon?: LucideIcon;
}

/** An ordered list of steps, each with its number in a circle. */
export function NumberedSteps({ steps, className }: { steps: readonly NumberedStep[]; className?: string }) {
  return (
    <ol className={cn('grid gap-4 md:grid-cols-3', className)}>
      {steps.map(({ title, description, icon: Icon }, index) => (
        <li key={title} className="flex gap-4 rounded-lg border border-border bg-card p-5">
          <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground">
            {index + 1}
          </span>
          <span className="flex flex-col gap-1">
            <span className="flex items-center gap-2 font-semibold">
              {Icon ? <Icon className="size-4 text-primary" aria-hidden /> : null}
              {title}
            </span>
            <span className="text-sm text-muted-foreground">{description}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
