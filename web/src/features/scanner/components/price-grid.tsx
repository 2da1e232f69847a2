import { EXCHANGES, PAIRS, type ExchangeId, type PriceGrid, type PriceQuote } from '@arbitra/contracts';
import { memo, useState } from 'react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { formatPrice } from '../lib/opportunity-format';

function QuoteCellView({ quote }: { quote: PriceQuote | undefined }) {
  if (!quote) {
    return (
      <TableCell className="text-center text-muted-foreground/60" title="Mercado não listado nesta exchange">
        —
      </TableCell>
    );
  }
  return (
    <TableCell
      className={cn(
        'text-right font-mono text-xs whitespace-nowrap tabular-nums',
        quote.stale && 'opacity-40',
      )}
      title={quote.stale ? 'Cotação desatualizada: fora da detecção' : undefined}
      data-stale={quote.stale || undefined}
    >
      <div className="text-success">{formatPrice(quote.bid)}</div>
      <div className="text-destructive">{formatPrice(quote.ask)}</div>
      {quote.stale ? <span className="sr-only">(desatualizada)</span> : null}
    </TableCell>
  );
}

type QuoteProps = { quote: PriceQuote | undefined };
const sameFigures = (a: QuoteProps, b: QuoteProps) =>
  a.quote === b.quote ||
  (a.quote !== undefined &&
    b.quote !== undefined &&
    a.quote.bid === b.quote.bid &&
    a.quote.ask === b.quote.ask &&
    a.quote.stale === b.quote.stale);

/** Redrawn only when its figures change (each grid brings new objects; most quotes keep their values). */
const QuoteCell = memo(QuoteCellView, sameFigures);

function symbolsIn(grid: PriceGrid, include: (symbol: string) => boolean): string[] {
  const seen = new Set(grid.quotes.map((q) => q.symbol).filter(include));
  const pairs: readonly string[] = PAIRS;
  return [...pairs.filter((p) => seen.has(p)), ...[...seen].filter((s) => !pairs.includes(s)).sort()];
}

function GridTable({ grid, symbols, label }: { grid: PriceGrid; symbols: string[]; label: string }) {
  const bySlot = new Map<string, PriceQuote>(grid.quotes.map((q) => [`${q.exchange}|${q.symbol}`, q]));
  const exchanges = EXCHANGES.filter((e) => grid.quotes.some((q) => q.exchange === e.id));
  const quoteFor = (exchange: ExchangeId, symbol: string) => bySlot.get(`${exchange}|${symbol}`);
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Par</TableHead>
          {exchanges.map((e) => (
            <TableHead key={e.id} className="text-right">
              {e.displayName}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {symbols.map((symbol) => (
          <TableRow key={symbol}>
            <TableCell className="font-medium whitespace-nowrap">{symbol}</TableCell>
            {exchanges.map((e) => (
              <QuoteCell key={e.id} quote={quoteFor(e.id, symbol)} />
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The cross pairs of the triangles, folded: their table is drawn only while open (nobody sees it closed). */
function OtherMarkets({ grid, symbols }: { grid: PriceGrid; symbols: string[] }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="rounded-md border border-border" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer px-3 py-2 text-sm text-muted-foreground hover:text-foreground">
        Outros mercados ({symbols.length}): pares cruzados dos triângulos
      </summary>
      {open ? <GridTable grid={grid} symbols={symbols} label="Cotações de outros mercados" /> : null}
    </details>
  );
}

/**
 * Best bid (green, above) and ask (red, below) of every pair on every exchange; stale books greyed. Redrawn when
 * a new grid arrives (every second), not when the page's clock ticks.
 */
export const PriceGridTable = memo(function PriceGridTable({ grid }: { grid: PriceGrid | null }) {
  if (!grid || grid.quotes.length === 0) {
    return (
      <p className="py-6 text-center text-sm text-muted-foreground">Aguardando as primeiras cotações…</p>
    );
  }
  const main = symbolsIn(grid, (s) => (PAIRS as readonly string[]).includes(s));
  const brl = symbolsIn(grid, (s) => s.endsWith('/BRL'));
  const others = symbolsIn(grid, (s) => !(PAIRS as readonly string[]).includes(s) && !s.endsWith('/BRL'));
  const brlGrid = { ...grid, quotes: grid.quotes.filter((q) => q.symbol.endsWith('/BRL')) };
  return (
    <div className="flex flex-col gap-3">
      <GridTable grid={grid} symbols={main} label="Cotações por exchange" />
      {brl.length > 0 ? (
        <>
          <h3 className="pt-2 text-sm font-medium">Mercados em reais (BRL)</h3>
          <GridTable grid={brlGrid} symbols={brl} label="Cotações em reais por exchange" />
        </>
      ) : null}
      {others.length > 0 ? <OtherMarkets grid={grid} symbols={others} /> : null}
      <p className="text-xs text-muted-foreground">
        Em cada célula: melhor oferta de compra (bid, em verde) e de venda (ask, em vermelho). Cotações
        esmaecidas estão desatualizadas e ficam fora da detecção.
      </p>
    </div>
  );
});
