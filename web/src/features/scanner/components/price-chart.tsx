import { EXCHANGES, type ExchangeId } from '@arbitra/contracts';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDecimal } from '@/lib/format';
import type { PricePoint } from '../lib/market-state';
import { CHART_GRID, CHART_TOOLTIP, TIME_X_AXIS } from '../lib/chart-style';

const COLORS: Readonly<Record<ExchangeId, string>> = {
  binance: '#f0b90b',
  mercadobitcoin: '#22d3ee',
  gateio: '#ef4444',
  mexc: '#10b981',
  bybit: '#a78bfa',
};

type ChartRow = { t: number } & Partial<Record<ExchangeId, number>>;

/** Rows for recharts: one per point in time, one column per exchange (missing = gap). */
export function chartRows(points: readonly PricePoint[]): ChartRow[] {
  return points.map((p) => ({ t: p.t, ...p.mids }));
}

function decimalsFor(value: number): number {
  const abs = Math.abs(value);
  if (abs >= 1_000) return 2;
  if (abs >= 1) return 4;
  return 8;
}

/** A chart-axis price (floats are fine here: never money shown as a figure to act on). */
export function formatChartPrice(value: number): string {
  return formatDecimal(value, 0, decimalsFor(value));
}

/** Mid price (bid+ask)/2 of one pair per exchange over the last minutes, built from the live price stream. */
export function PriceChart({ symbol, points }: { symbol: string; points: readonly PricePoint[] }) {
  const exchanges = EXCHANGES.filter((e) => points.some((p) => p.mids[e.id] !== undefined));
  if (points.length < 2 || exchanges.length === 0) {
    return (
      <p className="flex h-56 items-center justify-center text-center text-sm text-muted-foreground">
        Coletando cotações de {symbol}… o gráfico aparece após alguns segundos com esta tela aberta.
      </p>
    );
  }
  return (
    <div
      className="h-56 w-full"
      role="img"
      aria-label={`Preço médio de ${symbol} por exchange nos últimos minutos`}
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={chartRows(points)} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
          <CartesianGrid {...CHART_GRID} />
          <XAxis {...TIME_X_AXIS} />
          <YAxis
            domain={['auto', 'auto']}
            tickFormatter={(v: number) => formatChartPrice(v)}
            stroke="#8d99ab"
            fontSize={11}
            width={80}
          />
          <Tooltip {...CHART_TOOLTIP} formatter={(value) => formatChartPrice(Number(value))} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {exchanges.map((e) => (
            <Line
              key={e.id}
              type="linear"
              dataKey={e.id}
              name={e.displayName}
              stroke={COLORS[e.id]}
              dot={false}
              strokeWidth={1.5}
              isAnimationActive={false}
              connectNulls={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
