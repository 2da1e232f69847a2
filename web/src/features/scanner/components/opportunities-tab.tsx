import { SCANNER_PUBLIC_INTERVAL_MS, SCANNER_PUBLIC_TOP } from '@arbitra/contracts';
import { Zap } from 'lucide-react';
import { lazy, useDeferredValue, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { SimulatedDataBadge } from '@/components/ui/simulated-data-badge';
import { ROUTES } from '@/config/routes';
import { useMarketSnapshot } from '../hooks/use-market-snapshot';
import { useNow } from '../hooks/use-now';
import { useRealtimeAccess, type RealtimeAccess } from '../hooks/use-realtime-access';
import { bestOpportunities, marketSource, serverNow } from '../lib/market-state';
import {
  ALL,
  DEFAULT_FILTERS,
  DEFAULT_SORT,
  filterOpportunities,
  nextSort,
  pairOptions,
  sortOpportunities,
  type OpportunityFilters,
  type SortState,
} from '../lib/opportunity-filter';
import { formatClock, publicCountText } from '../lib/opportunity-format';
import { DeferredChart } from './deferred-chart';
import { LiveIndicator } from './live-indicator';
import { OpportunityTable } from './opportunity-table';
import { UsdtBrlPremiumCard } from './usdt-brl-premium';
import { ScannerFilters } from './scanner-filters';
import { NetExplanation, ScannerBody, ScannerEmpty } from './scanner-messages';

/** recharts comes with the chart, and the chart when it comes into view. */
const PriceChart = lazy(() => import('./price-chart').then((m) => ({ default: m.PriceChart })));

/** Rows drawn at most: the best ones after sorting. */
export const MAX_ROWS = 100;
const DEFAULT_CHART_SYMBOL = 'BTC/USDT';
const INTERVAL_SECONDS = SCANNER_PUBLIC_INTERVAL_MS / 1000;

function AccessBadge({ access }: { access: RealtimeAccess }) {
  if (access.kind === 'realtime') {
    return (
      <Badge variant="success" title="Cada mudança do scanner chega assim que acontece">
        <Zap aria-hidden />
        Tempo real
      </Badge>
    );
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Badge variant="outline">Atualização a cada {INTERVAL_SECONDS} s</Badge>
      {access.kind === 'basic' ? (
        <span className="text-xs text-muted-foreground">
          —{' '}
          <Link to={ROUTES.payment} className="text-primary hover:underline">
            faça upgrade para o Profissional
          </Link>{' '}
          para o tempo real
        </span>
      ) : null}
      {access.kind === 'inactive' ? (
        <span className="text-xs text-muted-foreground">
          — sua assinatura {access.planName} não está ativa.{' '}
          <Link to={ROUTES.payment} className="text-primary hover:underline">
            Regularize
          </Link>{' '}
          para voltar ao tempo real
        </span>
      ) : null}
    </span>
  );
}

/** The dashboard's 'Oportunidades' tab (DECISIONS §10): the live scanner with filters, sorting, orders and a price chart. */
export function OpportunitiesTab() {
  const market = useMarketSnapshot();
  // Socket events redraw the tab in the background, in interruptible slices (as on /demo).
  const state = useDeferredValue(market.state);
  const access = useRealtimeAccess(state?.live != null);
  const clientNow = useNow();
  const now = serverNow(state, clientNow);
  const [filters, setFilters] = useState<OpportunityFilters>(DEFAULT_FILTERS);
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const [chartChoice, setChartChoice] = useState<string | null>(null);

  const all = useMemo(() => bestOpportunities(state), [state]);
  const rows = useMemo(
    () => sortOpportunities(filterOpportunities(all, filters), sort),
    [all, filters, sort],
  );
  const gridSymbols = useMemo(() => state?.prices?.quotes.map((q) => q.symbol) ?? [], [state?.prices]);
  const filterPairs = useMemo(
    () => pairOptions([...all.flatMap((o) => o.symbols), ...gridSymbols].filter((s) => !s.endsWith('/BRL'))),
    [all, gridSymbols],
  );
  const chartSymbols = useMemo(
    () => pairOptions([...gridSymbols, ...Object.keys(state?.history ?? {})]),
    [gridSymbols, state?.history],
  );
  const chartSymbol = chartChoice ?? (filters.pair !== ALL ? filters.pair : DEFAULT_CHART_SYMBOL);

  const scanner = state?.scanner ?? null;
  const realtime = state?.live != null;
  const filtered = rows.length !== all.length;

  const countText = realtime
    ? `${all.length} ${all.length === 1 ? 'oportunidade ativa' : 'oportunidades ativas'}`
    : publicCountText(scanner?.activeCount ?? 0, SCANNER_PUBLIC_TOP);

  return (
    <section aria-label="Oportunidades" className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <h2 className="text-2xl font-bold tracking-tight">Oportunidades</h2>
          <p className="text-sm text-muted-foreground">
            Arbitragens executáveis agora, já líquidas de taxas e considerando a profundidade dos livros.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <LiveIndicator status={market.socketStatus} />
          <AccessBadge access={access} />
          {marketSource(state)?.simulated ? <SimulatedDataBadge /> : null}
          {scanner && !realtime ? <span>Atualizado às {formatClock(scanner.at)}</span> : null}
        </div>
      </div>

      <Card>
        <CardHeader>
          <CardTitle className="text-base">Filtros</CardTitle>
        </CardHeader>
        <CardContent>
          <ScannerFilters filters={filters} onChange={setFilters} pairs={filterPairs} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="text-base">Oportunidades ao vivo</CardTitle>
          {scanner || realtime ? (
            <CardDescription>
              {countText}
              {filtered ? ` · ${rows.length} com os filtros` : ''}
              {rows.length > MAX_ROWS ? ` · mostrando as ${MAX_ROWS} primeiras` : ''}. Clique na seta de uma
              linha para ver as ordens.
            </CardDescription>
          ) : null}
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <ScannerBody market={market} shown={state} waiting={!scanner && !realtime}>
            <OpportunityTable
              label="Oportunidades"
              opportunities={rows.slice(0, MAX_ROWS)}
              now={now}
              sort={sort}
              onSort={(key) => setSort((s) => nextSort(s, key))}
              empty={<ScannerEmpty filtered={filtered && all.length > 0} />}
            />
          </ScannerBody>
          <NetExplanation />
        </CardContent>
      </Card>

      <UsdtBrlPremiumCard premium={scanner?.usdtBrlPremium} />

      <Card>
        <CardHeader className="flex-row flex-wrap items-end justify-between gap-3">
          <div className="flex flex-col gap-1.5">
            <CardTitle className="text-base">Preço por exchange</CardTitle>
            <CardDescription>Preço médio entre compra e venda (bid/ask) nos últimos minutos.</CardDescription>
          </div>
          <div className="flex items-center gap-2">
            <Label htmlFor="grafico-par">Par</Label>
            <select
              id="grafico-par"
              className="h-9 rounded-md border border-input bg-background px-2 text-sm"
              value={chartSymbol}
              onChange={(e) => setChartChoice(e.target.value)}
            >
              {chartSymbols.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
        </CardHeader>
        <CardContent>
          <DeferredChart className="h-56">
            <PriceChart symbol={chartSymbol} points={state?.history[chartSymbol] ?? []} />
          </DeferredChart>
        </CardContent>
      </Card>
    </section>
  );
}
