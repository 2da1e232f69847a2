import type { UsdtBrlPremiumPoint } from '@arbitra/contracts';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDecimal } from '@/lib/format';
import { CHART_GRID, CHART_TOOLTIP, TIME_X_AXIS } from '../lib/chart-style';
import { premiumSeriesName } from '../lib/premium-format';

const COLORS = ['#22d3ee', '#f0b90b', '#a78bfa', '#10b981'];

const pctText = (v: number) => `${formatDecimal(v, 2, 3)}%`;

/** The USDT/BRL premium of the last minutes: one line per spread between exchanges (recharts, loaded lazily). */
export function UsdtBrlPremiumChart({ points, keys }: { points: UsdtBrlPremiumPoint[]; keys: string[] }) {
  const rows = points.map((p) => ({ t: p.at, ...p.pct }));
  return (
    <div
      className="h-44 w-full"
      role="img"
      aria-label="Ágio do USDT/BRL entre as exchanges nos últimos minutos"
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={rows} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
          <CartesianGrid {...CHART_GRID} />
          <XAxis {...TIME_X_AXIS} />
          <YAxis
            domain={['auto', 'auto']}
            tickFormatter={pctText}
            stroke="#8d99ab"
            fontSize={11}
            width={64}
          />
          <Tooltip {...CHART_TOOLTIP} formatter={(value) => pctText(Number(value))} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {keys.map((k, i) => (
            <Line
              key={k}
              type="linear"
              dataKey={k}
              name={premiumSeriesName(k)}
              stroke={COLORS[i % COLORS.length]}
              dot={false}
              strokeWidth={1.5}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
