import { cn } from '@/lib/cn';

interface ProgressProps {
  value: number;
  label: string;
  className?: string;
}

/** A horizontal bar, 0–100. */
export function Progress({ value, label, className }: ProgressProps) {
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped)}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-muted', className)}
    >
      <div
        className="h-full rounded-full bg-primary transition-[width] duration-500 ease-linear"
        style={{ width: `${clamped}%` }}
      />
    </div>
  );
}
