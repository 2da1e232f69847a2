import { Hourglass } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Badge } from './badge';

interface ComingSoonProps {
  title: string;
  description: ReactNode;
  className?: string;
}

/** The placeholder body of a screen whose content arrives in a later release. */
export function ComingSoon({ title, description, className }: ComingSoonProps) {
  return (
    <section
      aria-label={title}
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-lg border border-dashed border-border bg-card/50 px-6 py-14 text-center',
        className,
      )}
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Hourglass className="size-5" aria-hidden />
      </span>
      <Badge variant="outline">Em breve</Badge>
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="max-w-md text-sm text-muted-foreground">{description}</p>
      <p className="text-xs text-muted-foreground/80">Disponível em uma próxima versão do Arbitra.</p>
    </section>
  );
}
