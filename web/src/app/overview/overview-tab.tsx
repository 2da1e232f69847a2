import {
  BOT_MODE_LABELS,
  TRADE_STATUS_LABELS,
  botStatusLabel,
  type Bot,
  type BotMode,
  type OverviewResponse,
  type PnlWindow,
} from '@arbitra/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, ArrowRight, Radar } from 'lucide-react';
import { lazy, useState } from 'react';
import { Link } from 'react-router-dom';
import { BrlFirst, ModeTag } from '@/components/money/brl-first';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FilterPills } from '@/components/ui/filter-pills';
import { Spinner } from '@/components/ui/spinner';
import { dashboardTabPath, ROUTES } from '@/config/routes';
import { BOTS_KEY, useBotInventories, useBots } from '@/features/bots/hooks/use-bots';
import { useMarketSnapshot } from '@/features/scanner/hooks/use-market-snapshot';
import { DeferredChart } from '@/features/scanner/components/deferred-chart';
import { bestOpportunities } from '@/features/scanner/lib/market-state';
import { tradesApi } from '@/features/trades/api/trades-api';
import { isApiError } from '@/lib/api-client';
import { subscriptionKeys, useSubscription } from '@/lib/billing/subscription-api';
import { formatDateTime } from '@/lib/format';
import { useReadAgainOnConnect, useSocket, useSocketEvent } from '@/lib/socket';
import { overviewApi, overviewKey } from './overview-api';
import { matchingOpportunities, overviewAlerts } from './alerts';

const EquityChart = lazy(() => import('./equity-chart').then((m) => ({ default: m.EquityChart })));

const LATEST_TRADES = 6;

const WINDOWS = [
  ['today', 'Hoje'],
  ['days7', '7 dias'],
  ['days30', '30 dias'],
  ['total', 'Desde o início'],
] as const satisfies readonly (readonly [keyof OverviewResponse['pnl'], string])[];

const MODE_OPTIONS = (['live', 'paper'] as const).map((value) => ({ value, label: BOT_MODE_LABELS[value] }));

const statusVariant = { completed: 'success', failed: 'destructive', pending: 'warning' } as const;
const botVariant = (b: Bot) =>
  b.status === 'running' ? 'success' : b.status === 'error' ? 'destructive' : 'outline';

function PnlCard({ label, pnl }: { label: string; pnl: PnlWindow | undefined }) {
  return (
    <Card data-testid="pnl-window">
      <CardHeader className="p-4 pb-1">
        <CardTitle as="h2" className="text-sm font-medium text-muted-foreground">
          {label}
        </CardTitle>
      </CardHeader>
      <CardContent className="p-4 pt-0">
        {pnl ? (
          <>
            <BrlFirst
              brl={pnl.brl}
              usdt={pnl.usdt}
              stacked
              signed
              className="text-xl font-semibold tabular-nums sm:text-2xl"
            />
            <p className="mt-1 text-xs text-muted-foreground">
              {pnl.trades} {pnl.trades === 1 ? 'trade' : 'trades'}
            </p>
          </>
        ) : (
          <span className="text-xl text-muted-foreground">—</span>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * 'Visão geral', the home after login (DECISIONS §13): the user's money first (P&L in R$ with USDT below, equity
 * curve), then what needs them (alerts), their bots, the latest trades and how many live opportunities fit their
 * bots. Live: trades and bot states come over the socket, the market from the scanner's feed.
 */
export function OverviewTab() {
  const queryClient = useQueryClient();
  const [chosenMode, setMode] = useState<BotMode | undefined>(undefined);
  const overview = useQuery({
    queryKey: overviewKey(chosenMode),
    queryFn: ({ signal }) => overviewApi.get(chosenMode, signal),
  });
  const mode = chosenMode ?? overview.data?.mode;
  const latest = useQuery({
    queryKey: ['trades', 'latest', mode],
    queryFn: () =>
      tradesApi.list({
        dateRange: 'all',
        status: 'all',
        mode: mode ?? 'all',
        bot: 'all',
        page: 1,
        pageSize: LATEST_TRADES,
      }),
    enabled: mode !== undefined,
  });
  const bots = useBots();
  const subscription = useSubscription();
  const market = useMarketSnapshot();

  const socket = useSocket();
  useSocketEvent(socket, 'trade:new', () => {
    void queryClient.invalidateQueries({ queryKey: ['overview'] });
    void queryClient.invalidateQueries({ queryKey: ['trades'] });
  });
  useReadAgainOnConnect(socket, ['overview'], ['trades']);
  useSocketEvent(socket, 'bot:status', () => void queryClient.invalidateQueries({ queryKey: BOTS_KEY }));
  useSocketEvent(socket, 'subscription:updated', () => {
    void queryClient.invalidateQueries({ queryKey: subscriptionKeys.subscription });
  });

  const botList = bots.data ?? [];
  const inventories = useBotInventories(botList);
  const alerts = overviewAlerts(
    botList,
    subscription.data,
    market.state?.feeds ?? [],
    { bots: ROUTES.bots, subscription: dashboardTabPath('subscription'), status: ROUTES.status },
    inventories,
  );
  const opportunities = bestOpportunities(market.state);
  const fitting = matchingOpportunities(opportunities, botList);
  const lastByBot = new Map((overview.data?.lastTrades ?? []).map((t) => [t.botId, t]));
  const data = overview.data;

  return (
    <section aria-label="Visão geral" className="mx-auto flex max-w-6xl flex-col gap-4 sm:gap-6">
      {mode ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted-foreground">
            Resultado das operações {mode === 'paper' ? 'simuladas (paper trading)' : 'reais'}, em R$ com o
            USDT abaixo.
          </p>
          <FilterPills label="Modo" options={MODE_OPTIONS} value={mode} onChange={(m) => setMode(m)} />
        </div>
      ) : null}

      {alerts.length > 0 ? (
        <Card role="region" aria-label="Alertas" className="border-warning/50 bg-warning/5">
          <CardContent className="flex flex-col gap-2 p-4">
            {alerts.map((a) => (
              <div
                key={a.id}
                data-alert={a.kind}
                className="flex flex-wrap items-start gap-x-3 gap-y-1 text-sm"
              >
                <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
                <span className="min-w-0 flex-1">{a.text}</span>
                <Link to={a.to} className="font-medium text-primary underline underline-offset-4">
                  {a.action}
                </Link>
              </div>
            ))}
          </CardContent>
        </Card>
      ) : null}

      {overview.error ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
          {isApiError(overview.error) ? overview.error.message : 'Não foi possível carregar seus resultados.'}
          <Button variant="outline" size="sm" onClick={() => void overview.refetch()}>
            Tentar novamente
          </Button>
        </div>
      ) : null}

      <div role="group" aria-label="Resultado" className="grid grid-cols-2 gap-3 lg:grid-cols-4 sm:gap-4">
        {WINDOWS.map(([key, label]) => (
          <PnlCard key={key} label={label} pnl={data?.pnl[key]} />
        ))}
      </div>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Curva de resultado</CardTitle>
        </CardHeader>
        <CardContent>
          {!data ? (
            <Spinner label="Carregando..." />
          ) : data.equity.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              Nenhum trade {mode === 'paper' ? 'simulado' : 'real'} ainda. A curva começa no primeiro.
            </p>
          ) : (
            <DeferredChart className="h-56 sm:h-64">
              <EquityChart equity={data.equity} />
            </DeferredChart>
          )}
        </CardContent>
      </Card>

      <Link
        to={dashboardTabPath('opportunities')}
        className="flex items-center gap-3 rounded-lg border border-border bg-card p-4 hover:bg-muted/50"
      >
        <Radar className="size-5 shrink-0 text-primary" aria-hidden />
        <span className="min-w-0 flex-1 text-sm">
          <strong data-testid="matching-opportunities" className="text-lg tabular-nums">
            {market.state ? fitting : '—'}
          </strong>{' '}
          {fitting === 1 ? 'oportunidade ao vivo atende' : 'oportunidades ao vivo atendem'} aos filtros dos
          seus bots
          <span className="block text-xs text-muted-foreground">
            de {opportunities.length} abertas agora
            {botList.length === 0 ? ' · crie um bot para ter as suas' : ''}
          </span>
        </span>
        <ArrowRight className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      </Link>

      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2 sm:gap-6">
        <Card role="region" aria-label="Seus bots">
          <CardHeader className="flex-row items-center justify-between">
            <CardTitle as="h2">Seus bots</CardTitle>
            <Link
              to={ROUTES.bots}
              className="text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              Gerenciar
            </Link>
          </CardHeader>
          <CardContent>
            {bots.isLoading ? (
              <Spinner label="Carregando bots..." />
            ) : botList.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                Você ainda não tem bots.{' '}
                <Link to={ROUTES.bots} className="text-primary underline underline-offset-4">
                  Crie o primeiro
                </Link>
                .
              </p>
            ) : (
              <ul className="flex flex-col divide-y divide-border">
                {[...botList]
                  .sort((a, b) => Number(b.status === 'running') - Number(a.status === 'running'))
                  .map((b) => {
                    const last = lastByBot.get(b.id);
                    return (
                      <li key={b.id} data-testid="overview-bot" className="flex items-center gap-3 py-2.5">
                        <div className="min-w-0 flex-1">
                          <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                            <Badge variant={botVariant(b)}>{botStatusLabel(b.status)}</Badge>
                            <span className="min-w-0 break-words">{b.name}</span>
                            <ModeTag mode={b.mode} />
                          </p>
                          <p className="mt-0.5 text-xs text-muted-foreground">
                            {last
                              ? `Último trade ${formatDateTime(last.executedAt)} · ${TRADE_STATUS_LABELS[last.status]}`
                              : 'Nenhum trade ainda'}
                          </p>
                        </div>
                        <BrlFirst
                          brl={b.totalProfitBrl}
                          usdt={b.totalProfit}
                          stacked
                          signed
                          className="text-right text-sm font-semibold tabular-nums"
                        />
                      </li>
                    );
                  })}
              </ul>
            )}
          </CardContent>
        </Card>

        <Card role="region" aria-label="Últimos trades">
          <CardHeader className="flex-row items-center justify-between">
            <CardTitle as="h2">Últimos trades</CardTitle>
            <Link
              to={dashboardTabPath('trades')}
              className="text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              Histórico
            </Link>
          </CardHeader>
          <CardContent>
            {!latest.data ? (
              <Spinner label="Carregando trades..." />
            ) : latest.data.trades.length === 0 ? (
              <p className="text-sm text-muted-foreground">Nenhum trade ainda.</p>
            ) : (
              <ul className="flex flex-col divide-y divide-border">
                {latest.data.trades.map((t) => (
                  <li key={t.id} data-testid="overview-trade" className="flex items-center gap-3 py-2.5">
                    <BrlFirst
                      brl={t.profitBrl}
                      usdt={t.profitUsdt}
                      stacked
                      signed
                      className="w-28 shrink-0 text-sm font-semibold tabular-nums"
                    />
                    <div className="min-w-0 flex-1 text-right">
                      <Badge variant={statusVariant[t.status]}>{TRADE_STATUS_LABELS[t.status]}</Badge>
                      <p className="mt-0.5 truncate text-xs text-muted-foreground">
                        {formatDateTime(t.executedAt)} · {t.pair} · {t.botName}
                      </p>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </section>
  );
}
