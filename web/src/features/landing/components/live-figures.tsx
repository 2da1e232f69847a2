import { MARKET_MESSAGES, type EngineStats } from '@arbitra/contracts';
import { useQuery } from '@tanstack/react-query';
import { Activity } from 'lucide-react';
import { SimulatedDataBadge } from '@/components/ui/simulated-data-badge';
import { apiClient } from '@/lib/api-client';
import { useIdle } from '@/lib/idle';
import { formatClockTime, formatNumber } from '@/lib/format';

const REFRESH_MS = 15_000;

/** Median detection latency in ms, pt-BR: under 10 ms with 2 decimals ('0,42 ms'), else whole ms. */
export function formatLatencyMs(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '—';
  return `${formatNumber(ms, ms < 10 ? 2 : 0)} ms`;
}

interface Figure {
  label: string;
  value: string;
  note?: string;
}

function figuresOf(stats: EngineStats): Figure[] {
  return [
    { label: 'Exchanges monitoradas', value: formatNumber(stats.exchangesWatched, 0) },
    {
      label: 'Pares monitorados',
      value: formatNumber(stats.pairsWatched, 0),
      note: `${formatNumber(stats.marketsWatched, 0)} mercados no total`,
    },
    {
      label: 'Latência mediana de detecção',
      value: formatLatencyMs(stats.detectionLatencyMedianMs),
      note:
        stats.detectionLatencyMedianMs === null
          ? 'sem medições recentes'
          : 'do livro recebido à oportunidade',
    },
    {
      label: 'Oportunidades hoje',
      value: formatNumber(stats.opportunitiesToday, 0),
      note: `desde ${formatClockTime(stats.countingSince)} (horário de Brasília)`,
    },
  ];
}

/**
 * The landing page's live figures (DECISIONS §1): measured by the platform itself, from
 * GET /api/stats/public. When they are not available, it says so: no invented number.
 */
export function LiveFigures() {
  // Asked for once the page is interactive (issue 33): their answer re-renders this section, which would otherwise
  // land among the tasks that hydrate the page on a slow phone. The placeholders hold their place meanwhile.
  const idle = useIdle();
  const { data, isPending, isError } = useQuery({
    queryKey: ['landing', 'public-stats'],
    queryFn: ({ signal }) => apiClient.get<EngineStats>('/api/stats/public', { signal, auth: false }),
    refetchInterval: REFRESH_MS,
    staleTime: 0,
    retry: false,
    enabled: idle,
  });

  return (
    <section aria-labelledby="ao-vivo-titulo" className="border-b border-border bg-card/30">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 sm:px-6">
        <div className="flex flex-wrap items-center gap-2">
          <Activity className="size-4 text-primary" aria-hidden />
          <h2 id="ao-vivo-titulo" className="text-sm font-medium tracking-wide text-primary uppercase">
            Ao vivo na plataforma
          </h2>
          {data?.source.simulated ? <SimulatedDataBadge /> : null}
        </div>
        {data && !isError ? (
          <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            {figuresOf(data).map((f) => (
              <div key={f.label} className="flex flex-col gap-1">
                <dt className="text-xs text-muted-foreground">{f.label}</dt>
                <dd className="font-mono text-2xl font-semibold tabular-nums">{f.value}</dd>
                {f.note ? <dd className="text-xs text-muted-foreground">{f.note}</dd> : null}
              </div>
            ))}
          </dl>
        ) : isPending ? (
          <div
            className="grid grid-cols-2 gap-4 lg:grid-cols-4"
            role="status"
            aria-busy="true"
            aria-label="Carregando estatísticas"
          >
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className="h-14 animate-pulse rounded-md bg-muted/60" />
            ))}
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{MARKET_MESSAGES.statsUnavailable}</p>
        )}
      </div>
    </section>
  );
}
