import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

interface PagerProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** What the left side says ('Página 2 de 5 · 93 trades'). */
  children: ReactNode;
  className?: string;
}

/** 'Anterior' / 'Próxima' under a paginated table. */
export function Pager({ page, pages, onPage, children, className }: PagerProps) {
  return (
    <div className={cn('flex items-center justify-between text-sm', className)}>
      <span>{children}</span>
      <div className="flex gap-2">
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Anterior
        </Button>
        <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Próxima
        </Button>
      </div>
    </div>
  );
}
