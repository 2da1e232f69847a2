import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Label } from './label';

/** A labelled control: the label above, the input (or select) given as children with the same `id`. */
export function Field({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}
