import { memo } from 'react';
import type { OverviewResponse } from '@arbitra/contracts';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_GRID } from '@/features/scanner/lib/chart-style';
import { formatBRL, formatNumber } from '@/lib/format';

const dayLabel = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

/**
 * The cumulative P&L in R$ at the end of each day with trades (recharts: this chunk loads with the home). Memoised:
 * the home re-renders at every market tick (its alerts and opportunities follow the scanner), and redrawing the
 * chart each time kept a renderer core ~35 % busy on an idle home; it redraws when its days change.
 */
export const EquityChart = memo(function EquityChart({ equity }: { equity: OverviewResponse['equity'] }) {
  // A single day still draws a line: from zero before it.
  const points = equity.length === 1 ? [{ day: '', brl: 0, usdt: 0 }, ...equity] : equity;
  return (
    <ResponsiveContainer width="100%" height="100%">
      <AreaChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <defs>
          <linearGradient id="equity-fill" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor="var(--color-primary)" stopOpacity={0.35} />
            <stop offset="100%" stopColor="var(--color-primary)" stopOpacity={0} />
          </linearGradient>
        </defs>
        <CartesianGrid {...CHART_GRID} vertical={false} />
        <XAxis
          dataKey="day"
          tickFormatter={(d: string) => (d ? dayLabel(d) : '')}
          stroke="#8d99ab"
          fontSize={11}
          minTickGap={24}
        />
        <YAxis
          width={72}
          stroke="#8d99ab"
          fontSize={11}
          tickFormatter={(v: number) => formatBRL(v.toFixed(2)).replace(/,\d\d$/, '')}
        />
        <Tooltip
          contentStyle={{ background: '#141b26', border: '1px solid #222c3a', borderRadius: 8 }}
          labelFormatter={(d) => (typeof d === 'string' && d ? `Até ${dayLabel(d)} (UTC)` : 'Início')}
          formatter={(value, _name, item) => [
            `${formatBRL(Number(value).toFixed(2))} · ${formatNumber((item.payload as { usdt: number }).usdt, 2)} USDT`,
            'Resultado acumulado',
          ]}
        />
        <Area
          type="monotone"
          dataKey="brl"
          stroke="var(--color-primary)"
          strokeWidth={2}
          fill="url(#equity-fill)"
          isAnimationActive={false}
        />
      </AreaChart>
    </ResponsiveContainer>
  );
});
