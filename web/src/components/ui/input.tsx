import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      type={type}
      className={cn(
        'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm placeholder:text-muted-foreground focus-visible:border-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive',
        className,
      )}
      {...props}
    />
  );
}

/**
 * A one-time code field's attributes: the 6 digits of the authenticator app, or a backup code where the server
 * accepts one (hence up to 32 characters).
 */
export const ONE_TIME_CODE_INPUT = {
  name: 'code',
  inputMode: 'numeric',
  autoComplete: 'one-time-code',
  maxLength: 32,
  placeholder: '000000',
} as const satisfies ComponentProps<'input'>;
