import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface SectionProps {
  id?: string;
  eyebrow: string;
  title: string;
  description?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A landing-page section with its heading; `id` is the header's anchor target. */
export function Section({ id, eyebrow, title, description, className, children }: SectionProps) {
  const headingId = `${id ?? eyebrow}-titulo`;
  return (
    <section id={id} aria-labelledby={headingId} className={cn('scroll-mt-20 py-20', className)}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="mx-auto mb-12 flex max-w-2xl flex-col gap-3 text-center">
          <p className="text-sm font-medium tracking-wide text-primary uppercase">{eyebrow}</p>
          <h2 id={headingId} className="text-3xl font-bold tracking-tight sm:text-4xl">
            {title}
          </h2>
          {description ? <p className="text-muted-foreground">{description}</p> : null}
        </div>
        {children}
      </div>
    </section>
  );
}
