import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn';

export interface FeatureItem {
  icon: LucideIcon;
  title: string;
  description: string;
}

interface FeatureGridProps {
  items: readonly FeatureItem[];
  /** 'stacked': icon above the title (feature cards); 'inline': icon beside the text (benefits, values). */
  layout?: 'stacked' | 'inline';
  className?: string;
}

/** Icon + title + text tiles. */
export function FeatureGrid({ items, layout = 'inline', className }: FeatureGridProps) {
  const stacked = layout === 'stacked';
  return (
    <ul className={cn('grid gap-5 sm:grid-cols-2 lg:grid-cols-3', className)}>
      {items.map(({ icon: Icon, title, description }) => (
        <li
          key={title}
          className={cn(
            'flex gap-4 rounded-lg border border-border bg-card p-5 transition-colors hover:border-primary/40',
            stacked && 'flex-col gap-3 p-6',
          )}
        >
          <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary">
            <Icon className="size-5" aria-hidden />
          </span>
          <span className="flex flex-col gap-1.5">
            <span className={cn('font-semibold', stacked && 'text-lg')}>{title}</span>
            <span className="text-sm leading-relaxed text-muted-foreground">{description}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
