import { TRADE_STATUS_LABELS, botStatusLabel, type EquityPoint } from '@arbitra/contracts';
import { useQuery } from '@tanstack/react-query';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { BrlFirst, ModeTag } from '@/components/money/brl-first';
import { Spinner } from '@/components/ui/spinner';
import { exchangeName } from '@arbitra/contracts';
import { formatBRL, formatDateTime, formatNumber, formatPercent } from '@/lib/format';
import { botsApi } from '../api/bots-api';
import { botDetailKey } from '../hooks/use-bots';
import { BotBalances } from './bot-balances';
import { BotInventorySection } from './bot-inventory';
import { NakedExposure } from './naked-exposure';
import { LiveChecklistPanel } from './live-checklist';
import { RebalancePanel } from './rebalance-panel';

/**
 * The curve from the bot's start: R$ 0 at its first trade, then the cumulative profit after each trade. A single
 * trade is a segment, not a lone point; a trade without an R$ figure keeps the level before it (never a gap).
 */
export function equitySeries(
  equity: readonly EquityPoint[],
): { at: string; label: string; equityBrl: number }[] {
  const first = equity[0];
  if (!first) return [];
  let last = 0;
  return [
    { at: first.at, label: 'Início', equityBrl: 0 },
    ...equity.map((p) => {
      if (Number.isFinite(p.equityBrl)) last = p.equityBrl;
      return { at: p.at, label: formatDateTime(p.at), equityBrl: last };
    }),
  ];
}

const CELL = 'whitespace-nowrap px-2 py-1.5';

/** A bot's equity curve (cumulative profit, R$), its latest trades and expected vs realised profit. */
export function BotDetailView({ botId }: { botId: string }) {
  const { data, isLoading, error } = useQuery({
    queryKey: botDetailKey(botId),
    queryFn: () => botsApi.detail(botId, { inventory: true }),
  });
  if (isLoading) return <Spinner />;
  if (error || !data)
    return (
      <p role="alert" className="text-sm text-destructive">
        {error?.message ?? 'Erro ao carregar bot'}
      </p>
    );
  const { bot } = data;
  const points = equitySeries(data.equity);
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        {(
          [
            ['Status', botStatusLabel(bot.status)],
            ['Modo', <ModeTag mode={bot.mode} />],
            ['Lucro esperado', <BrlFirst brl={data.expectedProfitBrl} usdt={data.expectedProfit} />],
            ['Lucro realizado', <BrlFirst brl={data.realisedProfitBrl} usdt={data.realisedProfit} />],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <dt className="text-muted-foreground">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted-foreground">
        Esperado: o lucro líquido da oportunidade detectada, aplicado à quantidade negociada. Uma ordem menor
        que a profundidade da oportunidade pega só os melhores níveis do livro e costuma realizar mais.
      </p>
      {bot.statusReason && <p className="text-sm text-destructive">{bot.statusReason}</p>}
      <NakedExposure exposure={bot.nakedExposure ?? {}} />
      {data.inventory && <BotInventorySection inventory={data.inventory} />}
      {!data.inventory?.available && <BotBalances balances={data.balances} />}
      <RebalancePanel botId={bot.id} />
      <LiveChecklistPanel botId={bot.id} />
      <div className="h-56 w-full" aria-label="Curva de patrimônio">
        {points.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhum trade ainda.</p>
        ) : (
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={points} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" opacity={0.2} />
              <XAxis dataKey="label" hide />
              <YAxis width={72} tickFormatter={(v: number) => formatNumber(v, 2)} />
              <Tooltip formatter={(v) => formatBRL(Number(v).toFixed(2))} />
              <Line
                type="linear"
                dataKey="equityBrl"
                name="Lucro acumulado (R$)"
                // Drawn at once (an animation left only the axes in a screenshot), with its points while few.
                isAnimationActive={false}
                dot={points.length <= 30}
                strokeWidth={2}
                stroke="var(--color-primary)"
              />
            </LineChart>
          </ResponsiveContainer>
        )}
      </div>
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-xs">
          <thead>
            <tr className="border-b border-border text-left text-muted-foreground">
              <th className={CELL}>Data</th>
              <th className={CELL}>Par</th>
              <th className={CELL}>Compra → Venda</th>
              <th className={`${CELL} text-right`}>Esperado</th>
              <th className={`${CELL} text-right`}>Realizado</th>
              <th className={CELL}>Status</th>
              <th className={CELL}>Modo</th>
            </tr>
          </thead>
          <tbody>
            {data.recentTrades.map((t) => (
              <tr key={t.id} className="border-b border-border/60 align-top">
                <td className={CELL}>{formatDateTime(t.executedAt)}</td>
                <td className={CELL}>{t.pair}</td>
                <td className={CELL}>
                  {exchangeName(t.buyExchange)} → {exchangeName(t.sellExchange)}
                </td>
                <td className={`${CELL} text-right`}>
                  <BrlFirst brl={t.expectedProfitBrl} usdt={null} /> (
                  {formatPercent(t.expectedProfitPercent, 2)})
                </td>
                <td className={`${CELL} text-right`}>
                  <BrlFirst brl={t.profitBrl} usdt={t.profitUsdt} /> ({formatPercent(t.profitPercent, 2)})
                </td>
                <td className={CELL}>{TRADE_STATUS_LABELS[t.status]}</td>
                <td className={CELL}>
                  <ModeTag mode={t.mode} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
