import { formatClock } from './opportunity-format';

/** The scanner charts' shared look: a time X axis in São Paulo clock time, the grid and the tooltip box. */
export const TIME_X_AXIS = {
  dataKey: 't',
  type: 'number',
  scale: 'time',
  domain: ['dataMin', 'dataMax'],
  tickFormatter: (t: number) => formatClock(t),
  stroke: '#8d99ab',
  fontSize: 11,
  minTickGap: 40,
} as const;

export const CHART_GRID = { stroke: '#222c3a', strokeDasharray: '3 3' } as const;

export const CHART_TOOLTIP = {
  contentStyle: { background: '#141b26', border: '1px solid #222c3a', borderRadius: 8 },
  labelFormatter: (t: unknown) => formatClock(Number(t)),
} as const;
