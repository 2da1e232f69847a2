import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * `cards`: below 640 px each row becomes a card (index.css, `.table-cards`): the header hides, every cell shows its
 * `label` above its value, and the cells given a `lead` come first, in that order (the deciding figures).
 */
export function Table({ className, cards = false, ...props }: ComponentProps<'table'> & { cards?: boolean }) {
  return (
    <div className="w-full overflow-x-auto">
      <table className={cn('w-full caption-bottom text-sm', cards && 'table-cards', className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('[&_tr]:border-b', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr className={cn('border-b border-border transition-colors hover:bg-muted/50', className)} {...props} />
  );
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      className={cn(
        'h-10 px-3 text-left align-middle text-xs font-medium tracking-wide text-muted-foreground uppercase',
        className,
      )}
      {...props}
    />
  );
}

interface TableCellProps extends ComponentProps<'td'> {
  /** The column's name, shown above the value when the row is a card (a `cards` table on a phone). */
  label?: string;
  /** A deciding figure: first in the card, by this rank (1 first); rank 1 is marked `data-deciding`. */
  lead?: 1 | 2 | 3 | 4;
  /** Spans the whole card. */
  wide?: boolean;
  /** A detail left out of the card (the wide table and the exports keep it). */
  detail?: boolean;
}

export function TableCell({ className, label, lead, wide, detail, ...props }: TableCellProps) {
  return (
    <td
      className={cn('px-3 py-2.5 align-middle', detail && 'table-cards-detail', className)}
      data-label={label}
      data-lead={lead}
      data-deciding={lead === 1 ? '' : undefined}
      data-wide={wide ? '' : undefined}
      {...props}
    />
  );
}

export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return <caption className={cn('mt-3 text-sm text-muted-foreground', className)} {...props} />;
}
