import { TrendingUp } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

export interface PopularEntry {
  to: string;
  title: string;
  meta: string;
  views: number;
}

function readings(n: number): string {
  return n === 1 ? '1 leitura' : `${n.toLocaleString('pt-BR')} leituras`;
}

/** The 'Mais lidos' card: entries ordered by measured page views (none yet: says so). */
export function PopularList({
  entries,
  loading,
  failed,
}: {
  entries: readonly PopularEntry[];
  loading: boolean;
  failed: boolean;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <TrendingUp className="size-4 text-primary" aria-hidden />
          Mais lidos
        </CardTitle>
      </CardHeader>
      <CardContent>
        {entries.length > 0 ? (
          <ol aria-label="Mais lidos" className="flex flex-col gap-4">
            {entries.map((entry, index) => (
              <li key={entry.to} className="flex gap-3">
                <span className="text-2xl leading-none font-bold text-primary/60">{index + 1}</span>
                <span className="flex flex-col gap-0.5">
                  <Link to={entry.to} className="text-sm font-medium hover:text-primary hover:underline">
                    {entry.title}
                  </Link>
                  <span className="text-xs text-muted-foreground">
                    {entry.meta} · {readings(entry.views)}
                  </span>
                </span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-muted-foreground">
            {loading
              ? 'Carregando...'
              : failed
                ? 'Não foi possível carregar os mais lidos agora.'
                : 'Ainda não há leituras registradas.'}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
