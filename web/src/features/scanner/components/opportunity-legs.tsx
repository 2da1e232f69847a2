import { exchangeName, type Opportunity } from '@arbitra/contracts';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime, formatNumber } from '@/lib/format';
import {
  formatAmount,
  formatAssetAmount,
  formatBrlAmount,
  formatFeeRate,
  formatPrice,
  formatUsdt,
  SIDE_LABELS,
} from '../lib/opportunity-format';

const RISK_LABELS = { low: 'baixo', medium: 'médio', high: 'alto' } as const;

function baseOf(symbol: string): string {
  return symbol.split('/')[0] ?? symbol;
}

function quoteOf(symbol: string): string {
  return symbol.split('/')[1] ?? '';
}

/** The orders of one opportunity: what a bot would send, with the price it would really pay. */
export function OpportunityLegs({ opportunity }: { opportunity: Opportunity }) {
  const o = opportunity;
  return (
    <div className="flex flex-col gap-3 py-2">
      <Table aria-label="Ordens da oportunidade" className="text-xs">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Ordem</TableHead>
            <TableHead>Exchange</TableHead>
            <TableHead>Par</TableHead>
            <TableHead className="text-right">Quantidade</TableHead>
            <TableHead className="text-right" title="Preço médio ponderado pelo volume ao percorrer o livro">
              Preço médio (VWAP)
            </TableHead>
            <TableHead
              className="text-right"
              title="Pior nível do livro tocado: uma ordem limitada a este preço executa a quantidade"
            >
              Preço limite
            </TableHead>
            <TableHead className="text-right">Valor</TableHead>
            <TableHead className="text-right">Taxa</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {o.legs.map((leg, i) => (
            <TableRow key={`${leg.exchange}-${leg.symbol}-${leg.side}-${i}`} className="hover:bg-transparent">
              <TableCell className={leg.side === 'buy' ? 'text-success' : 'text-destructive'}>
                {i + 1}. {SIDE_LABELS[leg.side]}
              </TableCell>
              <TableCell>{exchangeName(leg.exchange)}</TableCell>
              <TableCell>{leg.symbol}</TableCell>
              <TableCell className="text-right font-mono tabular-nums">
                {formatAmount(leg.amount, baseOf(leg.symbol))}
              </TableCell>
              <TableCell className="text-right font-mono tabular-nums">{formatPrice(leg.price)}</TableCell>
              <TableCell className="text-right font-mono tabular-nums">
                {formatPrice(leg.limitPrice)}
              </TableCell>
              <TableCell className="text-right font-mono tabular-nums">
                {formatAssetAmount(leg.notional, quoteOf(leg.symbol))}
              </TableCell>
              <TableCell className="text-right font-mono tabular-nums">
                {formatFeeRate(leg.feeRate)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <dl className="grid gap-x-6 gap-y-1 text-xs text-muted-foreground sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="inline">Capital: </dt>
          <dd className="inline text-foreground">{formatUsdt(o.capitalUsdt, 2)}</dd>
        </div>
        <div>
          <dt className="inline">Lucro estimado: </dt>
          <dd className="inline text-foreground">
            {formatBrlAmount(o.profitBrl)} ({formatUsdt(o.profitUsdt)})
          </dd>
        </div>
        <div>
          <dt className="inline">Cotação USDT/BRL usada: </dt>
          <dd className="inline text-foreground">{formatBrlAmount(o.usdtBrl)}</dd>
        </div>
        <div>
          <dt className="inline">Vista pela primeira vez: </dt>
          <dd className="inline text-foreground">{formatDateTime(o.firstSeen)}</dd>
        </div>
      </dl>
      {o.statistical ? (
        <p className="text-xs text-muted-foreground">
          Spread atual {formatNumber(o.statistical.spreadBps, 2)} bps · média{' '}
          {formatNumber(o.statistical.meanBps, 2)} bps · desvio-padrão{' '}
          {formatNumber(o.statistical.stdDevBps, 2)} bps · z-score{' '}
          <span className="text-foreground">{formatNumber(o.statistical.zScore, 2)}</span> (
          {o.statistical.samples} amostras)
          {o.statistical.riskLevels.length > 0
            ? ` · entrada para risco ${o.statistical.riskLevels.map((r) => RISK_LABELS[r]).join(', ')}`
            : ''}
        </p>
      ) : null}
    </div>
  );
}
