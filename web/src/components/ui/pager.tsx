import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

interface PagerProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** What the left side says ('Página 2 de 5 · 93 trades'). */
  children: ReactNode;
}

/** 'Anterior' / 'Próxima' under a paginated table. */
export function Pager({ page, pages, onPage, children }: PagerProps) {
  return (
    <div className="flex items-center justify-between text-sm">
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
