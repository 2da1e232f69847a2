import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
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
        <Table cards aria-label="Simulações">
          <TableHeader>
            <TableRow>
              <TableHead>
                <span className="sr-only">Comparar</span>
              </TableHead>
              <TableHead>Bot</TableHead>
              <TableHead>Fonte</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Lucro</TableHead>
              <TableHead className="text-right">Trades</TableHead>
              <TableHead>Criada em</TableHead>
              <TableHead>
                <span className="sr-only">Ações</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.map((b) => (
              <TableRow key={b.id}>
                <TableCell label="Comparar">
                  <input
                    type="checkbox"
                    aria-label={`Selecionar ${b.name}`}
                    checked={picked.includes(b.id)}
                    disabled={b.status !== 'completed'}
                    onChange={() => pick(b.id)}
                  />
                </TableCell>
                <TableCell label="Bot" lead={3} wide>
                  <Link className="underline" to={backtestPath(b.id)}>
                    {b.name}
                  </Link>{' '}
                  <span className="text-xs font-normal text-muted-foreground">
                    lucro mín. {formatNumber(b.config.minProfitPercent, 2)}%
                  </span>
                </TableCell>
                <TableCell label="Fonte" className="text-xs">
                  {b.sourceLabel}
                </TableCell>
                <TableCell label="Status" lead={2}>
                  <Badge variant="outline">
                    {b.statusLabel}
                    {b.status === 'running' ? ` ${formatNumber(b.progress.percent, 0)}%` : ''}
                  </Badge>
                </TableCell>
                <TableCell label="Lucro" lead={1} className="text-right whitespace-nowrap">
                  {b.totals ? `${formatNumber(b.totals.profitUsdt, 2)} USDT` : '—'}
                </TableCell>
                <TableCell label="Trades" className="text-right">
                  {b.totals ? b.totals.trades : b.progress.trades}
                </TableCell>
                <TableCell label="Criada em" className="text-xs">
                  {formatDateTime(b.createdAt)}
                </TableCell>
                <TableCell className="text-right">
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
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
