import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { backtestPath } from '@/config/routes';
import { isApiError } from '@/lib/api-client';
import { formatDateTime, formatNumber } from '@/lib/format';
import { BACKTEST_DISCLAIMER } from '@arbitra/contracts';
import { backtestsApi } from '@/lib/backtests-api';
import { BACKTESTS_KEY, useBacktests } from '../hooks/use-backtests';

/** /backtests — the user's simulations: open one, compare two, delete. */
export function BacktestsList() {
  const { data, isLoading, error } = useBacktests();
  const [picked, setPicked] = useState<string[]>([]);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: string) => backtestsApi.remove(id),
    onSuccess: async (res) => {
      toast({ title: res.message, variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: BACKTESTS_KEY });
    },
    onError: (e) =>
      toast({ title: isApiError(e) ? e.message : 'Erro de conexão com o servidor', variant: 'destructive' }),
  });
  if (isLoading) return <Spinner label="Carregando simulações..." />;
  if (error || !data)
    return (
      <p role="alert" className="text-sm text-destructive">
        {error?.message ?? 'Erro de conexão com o servidor'}
      </p>
    );
  const pick = (id: string) =>
    setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id].slice(-2)));
  return (
    <section aria-label="Simulações" className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">Simulações</h2>
        <Button
          disabled={picked.length !== 2}
          onClick={() => void navigate(backtestPath(picked[0]!, picked[1]))}
        >
          Comparar selecionadas
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        {BACKTEST_DISCLAIMER}. Use 'Simular' em um bot para criar uma.
      </p>
      {data.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhuma simulação ainda.</p>
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-muted-foreground">
              <th />
              <th>Bot</th>
              <th>Fonte</th>
              <th>Status</th>
              <th className="text-right">Lucro</th>
              <th className="text-right">Trades</th>
              <th>Criada em</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {data.map((b) => (
              <tr key={b.id} className="border-t border-border">
                <td>
                  <input
                    type="checkbox"
                    aria-label={`Selecionar ${b.name}`}
                    checked={picked.includes(b.id)}
                    disabled={b.status !== 'completed'}
                    onChange={() => pick(b.id)}
                  />
                </td>
                <td className="py-1">
                  <Link className="underline" to={backtestPath(b.id)}>
                    {b.name}
                  </Link>{' '}
                  <span className="text-xs text-muted-foreground">
                    lucro mín. {formatNumber(b.config.minProfitPercent, 2)}%
                  </span>
                </td>
                <td className="text-xs">{b.sourceLabel}</td>
                <td>
                  <Badge variant="outline">
                    {b.statusLabel}
                    {b.status === 'running' ? ` ${formatNumber(b.progress.percent, 0)}%` : ''}
                  </Badge>
                </td>
                <td className="text-right">
                  {b.totals ? `${formatNumber(b.totals.profitUsdt, 2)} USDT` : '—'}
                </td>
                <td className="text-right">{b.totals ? b.totals.trades : b.progress.trades}</td>
                <td className="text-xs">{formatDateTime(b.createdAt)}</td>
                <td className="text-right">
                  {b.status !== 'queued' && b.status !== 'running' && (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => remove.mutate(b.id)}
                      disabled={remove.isPending}
                    >
                      Excluir
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
