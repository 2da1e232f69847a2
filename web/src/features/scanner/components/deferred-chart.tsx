import { Suspense, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useInView } from '../hooks/use-in-view';

/**
 * A chart (a lazy component: recharts comes with it) drawn once its box comes near the viewport. The box keeps
 * the chart's height meanwhile, so nothing below it moves when it arrives.
 */
export function DeferredChart({ className, children }: { className: string; children: ReactNode }) {
  const [ref, inView] = useInView<HTMLDivElement>();
  return (
    <div ref={ref} className={cn('w-full', className)}>
      {inView ? <Suspense fallback={null}>{children}</Suspense> : null}
    </div>
  );
}
