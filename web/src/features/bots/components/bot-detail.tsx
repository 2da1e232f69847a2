import { TRADE_STATUS_LABELS, botStatusLabel } from '@arbitra/contracts';
import { useQuery } from '@tanstack/react-query';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { BrlFirst, ModeTag } from '@/components/money/brl-first';
import { Spinner } from '@/components/ui/spinner';
import { exchangeName } from '@arbitra/contracts';
import { formatBRL, formatDateTime, formatPercent } from '@/lib/format';
import { botsApi } from '../api/bots-api';
import { botDetailKey } from '../hooks/use-bots';
import { BotBalances } from './bot-balances';
import { NakedExposure } from './naked-exposure';

/** A bot's equity curve (cumulative profit, R$), its latest trades and expected vs realised profit. */
export function BotDetailView({ botId }: { botId: string }) {
  const { data, isLoading, error } = useQuery({
    queryKey: botDetailKey(botId),
    queryFn: () => botsApi.detail(botId),
  });
  if (isLoading) return <Spinner />;
  if (error || !data)
    return (
      <p role="alert" className="text-sm text-destructive">
        {error?.message ?? 'Erro ao carregar bot'}
      </p>
    );
  const { bot } = data;
  const points = data.equity.map((p) => ({ ...p, label: formatDateTime(p.at) }));
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted-foreground">Status</dt>
          <dd>{botStatusLabel(bot.status)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Modo</dt>
          <dd>
            <ModeTag mode={bot.mode} />
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Lucro esperado</dt>
          <dd>
            <BrlFirst brl={data.expectedProfitBrl} usdt={data.expectedProfit} />
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Lucro realizado</dt>
          <dd>
            <BrlFirst brl={data.realisedProfitBrl} usdt={data.realisedProfit} />
          </dd>
        </div>
      </dl>
      <p className="text-xs text-muted-foreground">
        Esperado: o lucro líquido da oportunidade detectada, aplicado à quantidade negociada. Uma ordem menor
        que a profundidade da oportunidade pega só os melhores níveis do livro e costuma realizar mais.
      </p>
      {bot.statusReason && <p className="text-sm text-destructive">{bot.statusReason}</p>}
      <NakedExposure exposure={bot.nakedExposure ?? {}} />
      <BotBalances balances={data.balances} />
      <div className="h-56 w-full" aria-label="Curva de patrimônio">
        {points.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhum trade ainda.</p>
        ) : (
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={points}>
              <CartesianGrid strokeDasharray="3 3" opacity={0.2} />
              <XAxis dataKey="label" hide />
              <YAxis width={60} />
              <Tooltip formatter={(v) => formatBRL(Number(v).toFixed(2))} />
              <Line
                type="monotone"
                dataKey="equityBrl"
                name="Lucro acumulado (R$)"
                dot={false}
                stroke="currentColor"
              />
            </LineChart>
          </ResponsiveContainer>
        )}
      </div>
      <table className="w-full text-xs">
        <thead>
          <tr className="text-left text-muted-foreground">
            <th>Data</th>
            <th>Par</th>
            <th>Compra → Venda</th>
            <th>Esperado</th>
            <th>Realizado</th>
            <th>Status</th>
            <th>Modo</th>
          </tr>
        </thead>
        <tbody>
          {data.recentTrades.map((t) => (
            <tr key={t.id}>
              <td>{formatDateTime(t.executedAt)}</td>
              <td>{t.pair}</td>
              <td>
                {exchangeName(t.buyExchange)} → {exchangeName(t.sellExchange)}
              </td>
              <td>
                <BrlFirst brl={t.expectedProfitBrl} usdt={null} /> (
                {formatPercent(t.expectedProfitPercent, 2)})
              </td>
              <td>
                <BrlFirst brl={t.profitBrl} usdt={t.profitUsdt} /> ({formatPercent(t.profitPercent, 2)})
              </td>
              <td>{TRADE_STATUS_LABELS[t.status]}</td>
              <td>
                <ModeTag mode={t.mode} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
