import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface ContentSectionProps {
  title: string;
  description?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A titled block inside a static page. */
export function ContentSection({ title, description, className, children }: ContentSectionProps) {
  return (
    <section className={cn('flex flex-col gap-6', className)}>
      <div className="flex flex-col gap-2">
        <h2 className="text-2xl font-bold tracking-tight">{title}</h2>
        {description ? <p className="max-w-3xl text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}
