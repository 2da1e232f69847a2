import { exchangeName, type RebalanceView, type TransferView } from '@arbitra/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { isApiError } from '@/lib/api-client';
import { formatBRL, formatDate, formatDateTime, formatNumber } from '@/lib/format';
import { botsApi } from '../api/bots-api';
import { botDetailKey } from '../hooks/use-bots';

const CELL = 'whitespace-nowrap px-2 py-1.5';
const decimalsOf = (asset: string) => (asset === 'BRL' || asset === 'USDT' ? 2 : 8);
const qty = (v: string, asset: string) => `${formatNumber(v, decimalsOf(asset))} ${asset}`;
const newKey = () => globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`;
export const rebalanceKey = (botId: string) => ['bots', botId, 'rebalance'] as const;

/** Which table the figures come from: 'embarcada' with its date, or refreshed from the exchanges. */
export function TableOrigin({ table }: { table: RebalanceView['plan']['table'] }) {
  return (
    <p className="text-xs text-muted-foreground" data-testid="rebalance-table">
      {table.source === 'embarcada'
        ? `Tabela de taxas: embarcada, de ${formatDate(`${table.asOf}T12:00:00Z`)}. `
        : `Tabela de taxas: atualizada nas corretoras em ${formatDateTime(table.asOf)}. `}
      {table.origin}
    </p>
  );
}

/** A plan's transfers: asset, from → to, amount, network, fee, expected time; and its total cost. */
export function RebalancePlanTable({ view }: { view: RebalanceView }) {
  const { plan } = view;
  if (plan.transfers.length === 0 && plan.skipped.length === 0)
    return (
      <p className="text-sm text-muted-foreground">Nada a rebalancear: os saldos estão na divisão inicial.</p>
    );
  return (
    <div className="flex flex-col gap-2">
      {plan.transfers.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-xs" aria-label="Plano de rebalanceamento">
            <thead>
              <tr className="border-b border-border text-left text-muted-foreground">
                <th className={CELL}>Ativo</th>
                <th className={CELL}>De → Para</th>
                <th className={`${CELL} text-right`}>Quantidade</th>
                <th className={CELL}>Rede</th>
                <th className={`${CELL} text-right`}>Taxa</th>
                <th className={`${CELL} text-right`}>Chega</th>
                <th className={`${CELL} text-right`}>Tempo previsto</th>
              </tr>
            </thead>
            <tbody>
              {plan.transfers.map((t) => (
                <tr key={`${t.asset}:${t.from}:${t.to}`} className="border-b border-border/60">
                  <td className={CELL}>{t.asset}</td>
                  <td className={CELL}>
                    {exchangeName(t.from)} → {exchangeName(t.to)}
                  </td>
                  <td className={`${CELL} text-right tabular-nums`}>{qty(t.amount, t.asset)}</td>
                  <td className={CELL}>{t.network}</td>
                  <td className={`${CELL} text-right tabular-nums`}>
                    {qty(t.fee, t.asset)}
                    {t.feeUsdt !== null && t.asset !== 'USDT' ? ` (${formatNumber(t.feeUsdt, 2)} USDT)` : ''}
                  </td>
                  <td className={`${CELL} text-right tabular-nums`}>{qty(t.received, t.asset)}</td>
                  <td className={`${CELL} text-right`}>~{t.minutes} min</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {plan.transfers.length > 0 && (
        <p className="text-sm" data-testid="rebalance-cost">
          Custo total: {formatNumber(plan.totalFeeUsdt, 2)} USDT
          {view.totalFeeBrl !== null ? ` (${formatBRL(view.totalFeeBrl)})` : ''}
          {plan.unpriced.length > 0 ? ` + taxas em ${plan.unpriced.join(', ')} sem cotação no momento` : ''} ·
          tempo previsto ~{plan.minutes} min
        </p>
      )}
      {plan.skipped.map((s) => (
        <p key={`${s.asset}:${s.from}:${s.to}`} className="text-xs text-muted-foreground">
          {qty(s.amount, s.asset)} de {exchangeName(s.from)} para {exchangeName(s.to)} não entra no plano:{' '}
          {s.reason === 'sem_rota'
            ? 'nenhuma rede aberta nas duas corretoras.'
            : 'abaixo do saque mínimo ou da taxa.'}
        </p>
      ))}
      <TableOrigin table={plan.table} />
    </div>
  );
}

function TransfersList({ transfers }: { transfers: readonly TransferView[] }) {
  if (transfers.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1 text-xs" aria-label="Transferências">
      {transfers.map((t) => (
        <li key={t.id} data-status={t.status}>
          {t.status === 'in_transit' ? 'Em trânsito' : 'Concluída'}: {qty(t.amount, t.asset)} de{' '}
          {exchangeName(t.from)} para {exchangeName(t.to)} ({t.network}, taxa {qty(t.fee, t.asset)}) —{' '}
          {t.status === 'in_transit'
            ? `chega ${qty(t.received, t.asset)} às ${formatDateTime(t.arrivesAt)}`
            : `creditado ${qty(t.received, t.asset)} em ${formatDateTime(t.completedAt ?? t.arrivesAt)}`}
        </li>
      ))}
    </ul>
  );
}

/**
 * 'Rebalanceamento' on the bot's detail (issue 29): the plan that brings its balances back to the starting split,
 * with each transfer's network, fee and expected time, the table used, and the transfers under way. A paper bot
 * executes it ('Rebalancear': simulated transfers, the funds unavailable while in transit); a live bot shows the plan
 * to do by hand — Arbitra never withdraws.
 */
export function RebalancePanel({ botId }: { botId: string }) {
  const queryClient = useQueryClient();
  // One key per plan shown: a double click or a retry sends the same key and moves nothing twice.
  const [key, setKey] = useState(newKey);
  const { data, isLoading, error } = useQuery({
    queryKey: rebalanceKey(botId),
    queryFn: () => botsApi.rebalance(botId),
    // While funds are in transit, look again until they arrive.
    refetchInterval: (q) => ((q.state.data?.rebalance?.inTransit.length ?? 0) > 0 ? 2_000 : false),
  });
  const execute = useMutation({
    mutationFn: () => botsApi.executeRebalance(botId, key),
    onSuccess: (res) => {
      toast({ title: res.message, variant: 'success' });
      setKey(newKey());
      void queryClient.invalidateQueries({ queryKey: rebalanceKey(botId) });
      void queryClient.invalidateQueries({ queryKey: botDetailKey(botId) });
    },
    onError: (e) => {
      toast({ title: isApiError(e) ? e.message : 'Erro ao rebalancear', variant: 'destructive' });
      if (isApiError(e) && e.status !== 0) setKey(newKey());
    },
  });
  if (isLoading) return <Spinner />;
  const view = data?.rebalance;
  if (error || !data || !view)
    return (
      <p role="alert" className="text-sm text-destructive">
        {error?.message ?? 'Erro ao carregar o plano de rebalanceamento'}
      </p>
    );
  const paper = data.bot.mode === 'paper';
  const inTransit = view.inTransit.length > 0;
  return (
    <section aria-labelledby={`rebalance-${botId}`} className="flex flex-col gap-2">
      <h3 id={`rebalance-${botId}`} className="text-sm font-medium">
        Rebalanceamento
      </h3>
      <RebalancePlanTable view={view} />
      {paper ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            size="sm"
            onClick={() => execute.mutate()}
            disabled={execute.isPending || inTransit || view.plan.transfers.length === 0}
          >
            {execute.isPending ? 'Rebalanceando…' : 'Rebalancear'}
          </Button>
          <span className="text-xs text-muted-foreground">
            Simulado: a taxa é descontada e os valores ficam indisponíveis para o bot durante o tempo previsto
            da rede.
          </span>
        </div>
      ) : (
        <p className="text-xs text-muted-foreground">
          O Arbitra nunca faz saques: as chaves de API não têm permissão de saque, por segurança. Faça as
          transferências deste plano na própria corretora.
        </p>
      )}
      {inTransit && (
        <p className="text-sm" data-testid="rebalance-in-transit">
          Em trânsito (indisponível para o bot):{' '}
          {view.inTransit.map((t) => qty(t.received, t.asset) + ` para ${exchangeName(t.to)}`).join(', ')}
        </p>
      )}
      <TransfersList transfers={view.recent} />
    </section>
  );
}
