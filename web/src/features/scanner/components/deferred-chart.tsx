import { Suspense, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useInView } from '../hooks/use-in-view';

/**
 * A chart (a lazy component: recharts comes with it) drawn once its box is on screen (issue 33: not 'near' it — on a
 * phone, /demo's USDT/BRL chart sits just under the first screen, and recharts' evaluation is among the longest
 * tasks on a throttled phone: a visitor who never scrolls should not pay it). The box keeps the chart's height
 * meanwhile, so nothing below it moves when it arrives.
 */
export function DeferredChart({ className, children }: { className: string; children: ReactNode }) {
  const [ref, inView] = useInView<HTMLDivElement>('0px');
  return (
    <div ref={ref} className={cn('w-full', className)}>
      {inView ? <Suspense fallback={null}>{children}</Suspense> : null}
    </div>
  );
}
