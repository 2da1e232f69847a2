import { CircleAlert, CircleCheck, RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

interface FormAlertProps {
  message: string | null;
  variant?: 'error' | 'success';
  /** Offered when the server could not be reached: sends the same form again. */
  onRetry?: () => void;
  className?: string;
}

/** The one message a form shows: an error (with 'Tentar novamente' after a connection failure) or a success. */
export function FormAlert({ message, variant = 'error', onRetry, className }: FormAlertProps) {
  if (!message) return null;
  const error = variant === 'error';
  const Icon = error ? CircleAlert : CircleCheck;
  return (
    <div
      role={error ? 'alert' : 'status'}
      className={cn(
        'flex items-start gap-2 rounded-md border px-3 py-2.5 text-sm',
        error
          ? 'border-destructive/40 bg-destructive/10 text-red-200'
          : 'border-success/40 bg-success/10 text-green-200',
        className,
      )}
    >
      <Icon
        className={cn('mt-0.5 size-4 shrink-0', error ? 'text-destructive' : 'text-success')}
        aria-hidden
      />
      <span className="flex-1">{message}</span>
      {onRetry ? (
        <Button type="button" variant="outline" size="sm" className="-my-1 h-7" onClick={onRetry}>
          <RotateCw aria-hidden />
          Tentar novamente
        </Button>
      ) : null}
    </div>
  );
}
