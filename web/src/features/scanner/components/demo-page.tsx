import { SCANNER_PUBLIC_INTERVAL_MS, SCANNER_PUBLIC_TOP, TRIAL_DAYS } from '@arbitra/contracts';
import { ArrowRight, Pause, Play } from 'lucide-react';
import { startTransition, useDeferredValue, useEffect, useState, type CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { DocumentTitle } from '@/components/layout/document-title';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { SimulatedDataBadge } from '@/components/ui/simulated-data-badge';
import { ROUTES } from '@/config/routes';
import { useMarketSnapshot } from '../hooks/use-market-snapshot';
import { useNow } from '../hooks/use-now';
import { marketSource, publicOpportunities, serverNow, type MarketState } from '../lib/market-state';
import { formatClock, publicCountText } from '../lib/opportunity-format';
import { ExchangeStatusGrid } from './exchange-status-grid';
import { LiveIndicator } from './live-indicator';
import { OpportunityTable } from './opportunity-table';
import { PriceGridTable } from './price-grid';
import { UsdtBrlPremiumCard } from './usdt-brl-premium';
import { NetExplanation, ScannerBody, ScannerEmpty } from './scanner-messages';

interface Frozen {
  state: MarketState | null;
  now: number;
}

const INTERVAL_SECONDS = SCANNER_PUBLIC_INTERVAL_MS / 1000;

/**
 * The height of the public list when full (OpportunityTable: a 2.5rem header, rows of 3.5rem — two lines of text
 * and their padding — and 1px borders between them), reserved before it arrives.
 */
const TOP_LIST_HEIGHT = `calc(2.5rem + ${SCANNER_PUBLIC_TOP} * (3.5rem + 1px))`;

/**
 * The cards under the first screen (the USDT/BRL premium, the quotes, the exchanges, the call to action): while
 * off screen the browser skips their style, layout and paint (`content-visibility: auto`), which the quotes would
 * otherwise cost every second. The size stands in for a card never drawn yet (only the scrollbar sees it; once
 * drawn, its real size is remembered).
 */
const BELOW_THE_FOLD: CSSProperties = { contentVisibility: 'auto', containIntrinsicSize: 'auto 32rem' };

/**
 * `value`, one task later: what the cards under the first screen draw. The list at the top gets each new state
 * in its own render and commit; these cards get it in the next ones, so no update of the page is one long task
 * (the first data, with every table filling at once, was the longest on a slow phone).
 */
function useNextTaskValue<T>(value: T): T {
  const [later, setLater] = useState(value);
  useEffect(() => {
    if (Object.is(later, value)) return undefined;
    const timer = setTimeout(() => startTransition(() => setLater(value)), 0);
    return () => clearTimeout(timer);
  }, [later, value]);
  return later;
}

/**
 * /demo: the public live scanner (SPEC §2, DECISIONS §1), fed by the engine: the 10 best every 3 s,
 * live prices, the exchanges' real feed state. 'Pausar' freezes the view; the data keeps arriving.
 */
export function DemoPage() {
  const market = useMarketSnapshot();
  // Each socket event redraws the page in the background, in slices the browser can interrupt (a click, a
  // scroll): never one long task. The tables keep what they show until the new render is ready.
  const latest = useDeferredValue(market.state);
  const [frozen, setFrozen] = useState<Frozen | null>(null);
  const paused = frozen !== null;
  const clientNow = useNow(1_000, !paused);

  const view: Frozen = frozen ?? { state: latest, now: clientNow };
  const state = view.state;
  const now = serverNow(state, view.now);
  const source = marketSource(state);
  const scanner = state?.scanner ?? null;
  const opportunities = publicOpportunities(state);
  const below = useNextTaskValue(state);
  const newerWhilePaused = paused && (latest?.scanner?.at ?? 0) > (frozen.state?.scanner?.at ?? 0);

  const togglePause = () => {
    setFrozen(paused ? null : { state: latest, now: clientNow });
  };

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-12 sm:px-6">
      <DocumentTitle title="Demo" />
      <PageHeader
        eyebrow="Demo"
        title="Scanner de arbitragem ao vivo"
        description="As oportunidades entre exchanges como o Arbitra as calcula agora: líquidas de taxas e considerando a profundidade dos livros de ofertas."
        actions={
          <>
            <Button variant="outline" onClick={togglePause} aria-pressed={paused}>
              {paused ? <Play aria-hidden /> : <Pause aria-hidden />}
              {paused ? 'Retomar' : 'Pausar'}
            </Button>
            <Button asChild>
              <Link to={ROUTES.register}>
                Criar conta grátis
                <ArrowRight aria-hidden />
              </Link>
            </Button>
          </>
        }
      />

      {/* Two lines' height on a phone from the start (the badges and the time wrap there): their arrival moves nothing. */}
      <div className="flex min-h-13 flex-wrap content-start items-center gap-2 text-sm text-muted-foreground sm:min-h-0">
        {/* As wide as its widest label ('Reconectando…'): its change moves nothing after it. */}
        <span className="inline-flex min-w-32">
          <LiveIndicator status={market.socketStatus} paused={paused} />
        </span>
        {source?.simulated ? <SimulatedDataBadge /> : null}
        {scanner ? <span>Atualizado às {formatClock(scanner.at)}</span> : null}
        {paused && newerWhilePaused ? (
          <span className="text-warning">Há dados mais recentes: clique em Retomar para vê-los.</span>
        ) : null}
      </div>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Oportunidades</CardTitle>
          <CardDescription>
            {/* The count has its own line, there from the start: its arrival moves nothing. */}
            <span className="block">
              {scanner ? `${publicCountText(scanner.activeCount, SCANNER_PUBLIC_TOP)}.` : '\u00a0'}
            </span>
            <span className="block">
              {`Mostramos as ${SCANNER_PUBLIC_TOP} melhores, atualizadas a cada ${INTERVAL_SECONDS} s.`}
            </span>
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {/* As tall as a full list from the start: the list arriving, or changing length every 3 s, moves nothing. */}
          <div className="flex flex-col *:flex-1" style={{ minHeight: TOP_LIST_HEIGHT }}>
            <ScannerBody market={market} shown={state} waiting={!scanner}>
              <OpportunityTable
                label="Oportunidades ao vivo"
                opportunities={opportunities}
                now={now}
                empty={<ScannerEmpty />}
              />
            </ScannerBody>
          </div>
          <NetExplanation />
        </CardContent>
      </Card>

      <div style={BELOW_THE_FOLD}>
        <UsdtBrlPremiumCard premium={below?.scanner?.usdtBrlPremium} headingLevel="h2" />
      </div>

      <Card style={BELOW_THE_FOLD}>
        <CardHeader>
          <CardTitle as="h2">Cotações ao vivo</CardTitle>
          <CardDescription>
            Melhor compra e venda de cada par em cada exchange, a cada segundo.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <PriceGridTable grid={below?.prices ?? null} />
        </CardContent>
      </Card>

      <Card style={BELOW_THE_FOLD}>
        <CardHeader>
          <CardTitle as="h2">Status das exchanges</CardTitle>
          <CardDescription>O estado real da conexão do motor de mercado com cada exchange.</CardDescription>
        </CardHeader>
        <CardContent>
          <ExchangeStatusGrid feeds={below?.feeds ?? []} now={now} />
        </CardContent>
      </Card>

      <Card className="border-primary/40 bg-primary/5" style={BELOW_THE_FOLD}>
        <CardContent className="flex flex-col items-start gap-4 pt-5 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex flex-col gap-1">
            <p className="text-lg font-semibold">Veja cada oportunidade no momento em que ela aparece</p>
            <p className="text-sm text-muted-foreground">
              No plano Profissional o scanner é em tempo real, com filtros e bots que operam por você. Comece
              com {TRIAL_DAYS} dias grátis, no modo simulado.
            </p>
          </div>
          <Button asChild size="lg">
            <Link to={ROUTES.register}>
              Começar grátis
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
