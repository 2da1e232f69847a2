import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  BACKTEST_DISCLAIMER,
  type BacktestCalibration,
  type BacktestDetail,
  type BacktestResult,
  type BacktestRebalancing,
  type BacktestTotals,
} from '@arbitra/contracts';
import {
  Area,
  AreaChart,
  CartesianGrid,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { StatCard } from '@/components/ui/stat-card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { brlForDisplay, exchangeName } from '@arbitra/contracts';
import { formatBRL, formatDateTime, formatNumber, formatPercent } from '@/lib/format';

/** Most trades listed on the page (the totals count them all). */
const TRADES_SHOWN = 200;
/** Trades listed at first (a phone shows each as a card): 'Mostrar mais' adds as many again. */
const TRADES_PAGE = 25;

export function Disclaimer({ backtest }: { backtest: Pick<BacktestDetail, 'sourceLabel'> }) {
  return (
    <div className="rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm">
      <p className="font-medium">{BACKTEST_DISCLAIMER}</p>
      <p className="text-muted-foreground">Fonte: {backtest.sourceLabel}</p>
    </div>
  );
}

const usdt = (v: string | number, d = 2) => `${formatNumber(v, d)} USDT`;

/** R$ first and USDT second when the source had a USDT/BRL rate (issue 15); USDT alone otherwise. */
const brlFirst = (brl: string | null | undefined, usdtValue: string, d = 2) =>
  brl !== null && brl !== undefined
    ? `${formatBRL(brlForDisplay(brl))} (${usdt(usdtValue, d)})`
    : usdt(usdtValue, d);

/** Profit and fees in R$ when the source had a USDT/BRL rate, and always in USDT. */
export function totalsRows(t: BacktestTotals): [string, string][] {
  const f = t.funnel;
  return [
    ['Lucro realizado', brlFirst(t.profitBrl, t.profitUsdt)],
    [
      t.equityUsdt === undefined ? 'Retorno sobre o capital' : 'Retorno (marcado a mercado)',
      formatPercent(t.returnPercent, 2),
    ],
    ...(t.returnPerDayPercent === undefined
      ? []
      : ([
          ['Retorno por dia', formatPercent(t.returnPerDayPercent, 2)],
          ['Retorno por mês (30 dias)', formatPercent(t.returnPerMonthPercent ?? 0, 2)],
        ] as [string, string][])),
    ...(t.equityUsdt === undefined
      ? []
      : ([['Patrimônio final', brlFirst(t.equityBrl, t.equityUsdt)]] as [string, string][])),
    ['Trades', String(t.trades)],
    ['Taxa de sucesso (sobre todas as execuções)', formatPercent(t.successRate, 1)],
    ...(f
      ? ([
          [
            'Oportunidades',
            `${f.seen} vistas · ${f.attempted} tentadas · ${f.filled} executadas · ${f.missed} perdidas · ${f.unwound} desfeitas · ${f.skipped} sem saldo`,
          ],
        ] as [string, string][])
      : []),
    ...(t.latency
      ? ([
          [
            'Latência de execução',
            `${formatNumber(t.latency.p50Ms, 0)} ms (p50) / ${formatNumber(t.latency.p99Ms, 0)} ms (p99)`,
          ],
        ] as [string, string][])
      : []),
    ['Lucro médio por trade', brlFirst(t.avgProfitBrl, t.avgProfitUsdt, 4)],
    ['Drawdown máximo', `${usdt(t.maxDrawdownUsdt)} (${formatPercent(t.maxDrawdownPercent, 2)})`],
    ['Taxas pagas', brlFirst(t.feesBrl, t.feesUsdt)],
    ['Capital inicial', usdt(t.capitalUsdt)],
  ];
}

/** The rebalancing rule's part of the result (issue 29). */
export function rebalancingRows(r: BacktestRebalancing): [string, string][] {
  return [
    ['Regra de rebalanceamento', `desvio acima de ${formatNumber(r.skewPercent, 0)} %`],
    ['Rebalanceamentos', String(r.count)],
    ['Taxas de transferência', brlFirst(r.feesBrl, r.feesUsdt)],
    ['Lucro após rebalanceamento', brlFirst(r.profitAfterBrl, r.profitAfterUsdt)],
  ];
}

const exchangesOf = (key: string) =>
  key
    .split(' → ')
    .map((e) => exchangeName(e))
    .join(' → ');

/** A finished backtest: totals, equity and drawdown, by pair and exchange pair, trades, calibration, stops. */
export function BacktestResultView({ result }: { result: BacktestResult }) {
  const t = result.totals;
  const equity = result.equity;
  const [listed, setListed] = useState(TRADES_PAGE);
  const listable = Math.min(result.trades.length, TRADES_SHOWN);
  const tick = (v: number) => formatNumber(v, 2);
  const timeAxis = (
    <XAxis
      dataKey="t"
      type="number"
      domain={['dataMin', 'dataMax']}
      tickFormatter={(v: number) => formatDateTime(v)}
      hide
    />
  );
  const calibration = result.trades.map((x) => ({ x: Number(x.expectedProfit), y: Number(x.profit) }));
  return (
    <div className="flex flex-col gap-6">
      {result.noTradeReason && (
        <p role="status" className="rounded-md border border-border px-3 py-2 text-sm">
          <span className="font-medium">Nenhum trade nesta simulação.</span> {result.noTradeReason}
        </p>
      )}
      {t.profitBrl === null && (
        <p className="text-sm text-muted-foreground">
          A fonte de dados não tem cotação USDT/BRL: os valores são mostrados em USDT.
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="Totais da simulação">
        {[...totalsRows(t), ...(result.rebalancing ? rebalancingRows(result.rebalancing) : [])].map(
          ([label, value]) => (
            <StatCard key={label} label={label} compact>
              {value}
            </StatCard>
          ),
        )}
      </div>

      <section aria-label="Curva de patrimônio" className="flex flex-col gap-2">
        <h3 className="font-medium">Curva de patrimônio (USDT)</h3>
        <div className="h-56 w-full">
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={equity}>
              <CartesianGrid strokeDasharray="3 3" opacity={0.2} />
              {timeAxis}
              <YAxis width={70} domain={['auto', 'auto']} tickFormatter={tick} />
              <Tooltip formatter={(v) => usdt(Number(v))} labelFormatter={(v) => formatDateTime(Number(v))} />
              <Line type="stepAfter" dataKey="equity" name="Patrimônio" dot={false} stroke="currentColor" />
            </LineChart>
          </ResponsiveContainer>
        </div>
      </section>
      <section aria-label="Drawdown" className="flex flex-col gap-2">
        <h3 className="font-medium">
          Drawdown (USDT,{' '}
          {t.equityUsdt === undefined ? 'sobre o lucro realizado' : 'patrimônio marcado a mercado'})
        </h3>
        <div className="h-40 w-full">
          <ResponsiveContainer width="100%" height="100%">
            <AreaChart data={equity}>
              <CartesianGrid strokeDasharray="3 3" opacity={0.2} />
              {timeAxis}
              <YAxis width={70} tickFormatter={tick} />
              <Tooltip formatter={(v) => usdt(Number(v))} labelFormatter={(v) => formatDateTime(Number(v))} />
              <Area
                type="stepAfter"
                dataKey="drawdown"
                name="Drawdown"
                stroke="#dc2626"
                fill="#dc2626"
                fillOpacity={0.2}
              />
            </AreaChart>
          </ResponsiveContainer>
        </div>
      </section>

      <div className="grid gap-6 md:grid-cols-2">
        <GroupTable title="Lucro por par" rows={result.byPair} label={(k) => k} />
        <GroupTable title="Lucro por par de exchanges" rows={result.byExchangePair} label={exchangesOf} />
      </div>

      <section aria-label="Calibração" className="flex flex-col gap-2">
        <h3 className="font-medium">Calibração: esperado × realizado por trade (USDT)</h3>
        <p className="text-xs text-muted-foreground">
          Cada ponto é um trade: no eixo x o lucro esperado pela oportunidade, no eixo y o realizado. Sobre a
          diagonal, o robô realizou o que esperava.
        </p>
        <DiagonalScatter points={calibration} xName="Esperado" yName="Realizado" />
      </section>

      {result.calibration && <PaperCalibration calibration={result.calibration} />}

      <section aria-label="Paradas de risco" className="flex flex-col gap-2">
        <h3 className="font-medium">Paradas de risco</h3>
        {result.stops.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhuma parada de risco.</p>
        ) : (
          <ul className="text-sm">
            {result.stops.map((s, i) => (
              <li key={i}>
                {formatDateTime(s.at)} — {s.reason}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-label="Trades da simulação" className="flex flex-col gap-2">
        <h3 className="font-medium">
          Trades ({t.trades}
          {t.trades > TRADES_SHOWN ? `, os primeiros ${TRADES_SHOWN}` : ''})
        </h3>
        <Table cards aria-label="Trades da simulação" className="text-xs">
          <TableHeader>
            <TableRow>
              <TableHead>Data</TableHead>
              <TableHead>Par</TableHead>
              <TableHead>Compra → Venda</TableHead>
              <TableHead className="text-right">Esperado</TableHead>
              <TableHead className="text-right">Realizado</TableHead>
              <TableHead className="text-right">Taxas</TableHead>
              <TableHead>Status</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {result.trades.slice(0, Math.min(listed, listable)).map((x, i) => (
              <TableRow key={i}>
                <TableCell label="Data" lead={3} className="py-1.5">
                  {formatDateTime(x.at)}
                </TableCell>
                <TableCell label="Par">{x.pair}</TableCell>
                <TableCell label="Compra → Venda">
                  {exchangeName(x.buyExchange)} → {exchangeName(x.sellExchange)}
                </TableCell>
                <TableCell label="Esperado" className="text-right">
                  {usdt(x.expectedProfit, 4)}
                </TableCell>
                <TableCell label="Realizado" lead={1} className="text-right">
                  {brlFirst(x.profitBrl, x.profit, 4)}
                </TableCell>
                <TableCell label="Taxas" className="text-right">
                  {brlFirst(x.feesBrl, x.fees, 4)}
                </TableCell>
                <TableCell label="Status" lead={2} title={x.failureReason ?? undefined}>
                  {x.status === 'completed' ? 'Concluído' : 'Falhou'}
                  {x.exit ? ' (saída)' : ''}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {listed < listable ? (
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            onClick={() => setListed((n) => n + TRADES_PAGE)}
          >
            Mostrar mais trades ({formatNumber(listed, 0)} de {formatNumber(listable, 0)})
          </Button>
        ) : null}
      </section>
    </div>
  );
}

function GroupTable({
  title,
  rows,
  label,
}: {
  title: string;
  rows: BacktestResult['byPair'];
  label: (key: string) => string;
}) {
  return (
    <section aria-label={title} className="flex flex-col gap-2">
      <h3 className="font-medium">{title}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhum trade.</p>
      ) : (
        <table className="w-full text-sm">
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} className="border-t border-border">
                <td className="py-1">{label(r.key)}</td>
                <td className="text-right">
                  {r.trades} {r.trades === 1 ? 'trade' : 'trades'}
                </td>
                <td className="text-right">{usdt(r.profitUsdt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/**
 * The bot's paper trades on the same market beside the backtest's: totals of each, and every trade of either matched
 * by route and time (a point on the diagonal: the same profit in both; on an axis: a trade only one of them made).
 */
function PaperCalibration({ calibration: c }: { calibration: BacktestCalibration }) {
  const points = c.points.map((p) => ({
    x: Number(p.paperProfitUsdt ?? 0),
    y: Number(p.backtestProfitUsdt ?? 0),
  }));
  const row = (label: string, s: BacktestCalibration['paper']) => (
    <tr className="border-t border-border">
      <td className="py-1">{label}</td>
      <td className="text-right">{s.trades}</td>
      <td className="text-right">{usdt(s.profitUsdt, 4)}</td>
      <td className="text-right">{formatPercent(s.successRate, 1)}</td>
    </tr>
  );
  return (
    <section aria-label="Calibração com o paper trading" className="flex flex-col gap-2">
      <h3 className="font-medium">Calibração: paper trading × simulação no mesmo mercado</h3>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-muted-foreground">
            <th />
            <th className="text-right">Trades</th>
            <th className="text-right">Lucro</th>
            <th className="text-right">Taxa de sucesso</th>
          </tr>
        </thead>
        <tbody>
          {row('Paper trading', c.paper)}
          {row('Simulação', c.backtest)}
        </tbody>
      </table>
      <p className="text-xs text-muted-foreground">
        {c.matched} trades pareados por rota e horário (até {formatNumber(c.windowMs / 1000, 1)} s de
        diferença). Cada ponto: no eixo x o lucro no paper trading, no eixo y o da simulação; sobre um eixo,
        um trade que só um dos dois fez.
      </p>
      <DiagonalScatter points={points} xName="Paper" yName="Simulação" />
    </section>
  );
}

/** Profit pairs (USDT) on one scale with the diagonal drawn: a point on it, the two figures agree. */
function DiagonalScatter({
  points,
  xName,
  yName,
}: {
  points: { x: number; y: number }[];
  xName: string;
  yName: string;
}) {
  const lo = Math.floor(Math.min(0, ...points.map((p) => Math.min(p.x, p.y))) * 100) / 100;
  const hi = Math.ceil(Math.max(0, ...points.map((p) => Math.max(p.x, p.y))) * 100) / 100;
  const tick = (v: number) => formatNumber(v, 2);
  return (
    <div className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <ScatterChart>
          <CartesianGrid strokeDasharray="3 3" opacity={0.2} />
          <XAxis type="number" dataKey="x" name={xName} domain={[lo, hi]} tickFormatter={tick} />
          <YAxis type="number" dataKey="y" name={yName} domain={[lo, hi]} width={60} tickFormatter={tick} />
          <Tooltip formatter={(v) => usdt(Number(v), 4)} />
          <ReferenceLine
            segment={[
              { x: lo, y: lo },
              { x: hi, y: hi },
            ]}
            strokeDasharray="4 4"
          />
          <Scatter data={points} fill="currentColor" />
        </ScatterChart>
      </ResponsiveContainer>
    </div>
  );
}
