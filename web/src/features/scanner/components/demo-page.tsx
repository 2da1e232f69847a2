import { SCANNER_PUBLIC_INTERVAL_MS, SCANNER_PUBLIC_TOP, TRIAL_DAYS } from '@arbitra/contracts';
import { ArrowRight, Pause, Play } from 'lucide-react';
import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DocumentTitle } from '@/components/layout/document-title';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { SimulatedDataBadge } from '@/components/ui/simulated-data-badge';
import { ROUTES } from '@/config/routes';
import { useMarketSnapshot } from '../hooks/use-market-snapshot';
import { useInView } from '../hooks/use-in-view';
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
 * The box of a card under the first screen (the USDT/BRL premium, the quotes, the exchanges, the call to action):
 * while off screen the browser skips its style, layout and paint (`content-visibility: auto`). The size stands in
 * for a card never drawn yet (only the scrollbar sees it; once drawn, its real size is remembered).
 */
const BELOW_THE_FOLD: CSSProperties = { contentVisibility: 'auto', containIntrinsicSize: 'auto 32rem' };

/**
 * A card under the first screen, drawn with `children(value)`. It gets the page's new state one task after the list
 * at the top, in a render of its own (the renderer does not slice a render, web/build/react-renderer.ts: the first
 * data, with every table filling at once, was the longest task on a slow phone), and only while it is near the
 * screen: off screen it keeps what it last drew, so the quotes arriving every second cost a phone nothing until the
 * visitor scrolls to them (then it draws the latest at once).
 */
function BelowTheFold<T>({ value, children }: { value: T; children: (value: T) => ReactNode }) {
  const [ref, near] = useInView<HTMLDivElement>('200px', { once: false });
  const [shown, setShown] = useState(value);
  useEffect(() => {
    if (!near || Object.is(shown, value)) return undefined;
    const timer = setTimeout(() => setShown(value), 0);
    return () => clearTimeout(timer);
  }, [near, shown, value]);
  return (
    <div ref={ref} style={BELOW_THE_FOLD}>
      {children(shown)}
    </div>
  );
}

/**
 * /demo: the public live scanner (SPEC §2, DECISIONS §1), fed by the engine: the 10 best every 3 s,
 * live prices, the exchanges' real feed state. 'Pausar' freezes the view; the data keeps arriving.
 */
export function DemoPage() {
  const market = useMarketSnapshot();
  const latest = market.state;
  const [frozen, setFrozen] = useState<Frozen | null>(null);
  const paused = frozen !== null;
  const clientNow = useNow(1_000, !paused);

  const view: Frozen = frozen ?? { state: latest, now: clientNow };
  const state = view.state;
  const now = serverNow(state, view.now);
  const source = marketSource(state);
  const scanner = state?.scanner ?? null;
  const opportunities = publicOpportunities(state);
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

      <BelowTheFold value={state?.scanner?.usdtBrlPremium}>
        {(premium) => <UsdtBrlPremiumCard premium={premium} headingLevel="h2" />}
      </BelowTheFold>

      <BelowTheFold value={state?.prices ?? null}>
        {(grid) => (
          <Card>
            <CardHeader>
              <CardTitle as="h2">Cotações ao vivo</CardTitle>
              <CardDescription>
                Melhor compra e venda de cada par em cada exchange, a cada segundo.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <PriceGridTable grid={grid} />
            </CardContent>
          </Card>
        )}
      </BelowTheFold>

      <BelowTheFold value={state?.feeds}>
        {(feeds) => (
          <Card>
            <CardHeader>
              <CardTitle as="h2">Status das exchanges</CardTitle>
              <CardDescription>
                O estado real da conexão do motor de mercado com cada exchange.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <ExchangeStatusGrid feeds={feeds ?? []} now={now} />
            </CardContent>
          </Card>
        )}
      </BelowTheFold>

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
