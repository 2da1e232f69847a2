import { Check } from 'lucide-react';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/cn';
import type { TutorialStep } from '../data/tutorial-steps';
import { overallProgress, stepStatus, type StepStatus, type TutorialState } from '../lib/tutorial-state';

const STATUS_LABEL: Record<StepStatus, string> = { done: 'concluído', current: 'atual', pending: 'pendente' };

function StatusMarker({ status, index }: { status: StepStatus; index: number }) {
  return (
    <span
      className={cn(
        'flex size-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold',
        status === 'done' && 'border-primary bg-primary text-primary-foreground',
        status === 'current' && 'border-primary text-primary',
        status === 'pending' && 'border-border text-muted-foreground',
      )}
    >
      {status === 'done' ? <Check className="size-3.5" aria-hidden /> : index + 1}
    </span>
  );
}

interface StepListProps {
  steps: readonly TutorialStep[];
  state: TutorialState;
  onSelect: (index: number) => void;
}

export function StepList({ steps, state, onSelect }: StepListProps) {
  const overall = Math.round(overallProgress(state, steps.length));
  return (
    <nav
      aria-label="Etapas do tutorial"
      className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4"
    >
      <div className="flex flex-col gap-2">
        <p className="flex items-center justify-between text-sm">
          <span className="font-medium">Progresso geral</span>
          <span className="font-semibold text-primary">{overall}%</span>
        </p>
        <Progress value={overall} label="Progresso geral" />
      </div>
      <ol className="flex flex-col gap-1">
        {steps.map((step, index) => {
          const status = stepStatus(state, index);
          return (
            <li key={step.id}>
              <button
                type="button"
                onClick={() => onSelect(index)}
                aria-current={index === state.current ? 'step' : undefined}
                className={cn(
                  'flex w-full items-center gap-3 rounded-md px-2 py-2 text-left text-sm transition-colors hover:bg-muted',
                  index === state.current && 'bg-primary/10',
                )}
              >
                <StatusMarker status={status} index={index} />
                <span className="flex min-w-0 flex-col">
                  <span className={cn('font-medium', status === 'pending' && 'text-muted-foreground')}>
                    {step.title}
                  </span>
                  <span className="sr-only">({STATUS_LABEL[status]})</span>
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
