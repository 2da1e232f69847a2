import { BACKTEST_STRATEGY_SUMMARY, type Backtest, type BacktestDetail } from '@arbitra/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { backtestPath, ROUTES } from '@/config/routes';
import { isApiError } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { backtestsApi } from '@/lib/backtests-api';
import { backtestKey, useBacktest, useBacktests } from '../hooks/use-backtests';
import { BacktestResultView, Disclaimer, totalsRows } from './backtest-result';

/** '12 min', '1 h 05 min': the wall time left. */
function eta(ms: number | null): string {
  if (ms === null) return 'calculando…';
  const s = Math.max(1, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.round(s / 60);
  return m < 60 ? `${m} min` : `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
}

/** Market time covered: '3 h 20 min', '2 d 4 h'. */
export function marketSpan(ms: number): string {
  const min = Math.round(ms / 60_000);
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  return h < 24 ? `${h} h ${String(min % 60).padStart(2, '0')} min` : `${Math.floor(h / 24)} d ${h % 24} h`;
}

const ACTIVE = new Set(['queued', 'running']);

/** /backtests/:id — a backtest's progress (live), then its results; '?compare=ID' puts another run beside it. */
export function BacktestPage() {
  const { id } = useParams<{ id: string }>();
  const [search] = useSearchParams();
  const compareId = search.get('compare') ?? undefined;
  const { data, isLoading, error } = useBacktest(id);
  const other = useBacktest(compareId);
  const list = useBacktests();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => backtestsApi.cancel(id!),
    onSuccess: (res) => {
      toast({ title: res.message, variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: backtestKey(id!) });
    },
    onError: (e) =>
      toast({ title: isApiError(e) ? e.message : 'Erro de conexão com o servidor', variant: 'destructive' }),
  });

  if (isLoading) return <Spinner label="Carregando simulação..." />;
  if (error || !data)
    return (
      <p role="alert" className="text-sm text-destructive">
        {error?.message ?? 'Simulação não encontrada'}
      </p>
    );
  const running = ACTIVE.has(data.status);
  const candidates = (list.data ?? []).filter((b) => b.id !== data.id && b.status === 'completed');
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2 className="flex items-center gap-2 text-xl font-semibold">
            Simulação: {data.name} <Badge variant="outline">{data.statusLabel}</Badge>
          </h2>
          <p className="text-xs text-muted-foreground">{configSummary(data)}</p>
        </div>
        <Link className="text-sm underline" to={ROUTES.backtests}>
          Todas as simulações
        </Link>
      </div>
      <Disclaimer backtest={data} />
      {running && (
        <section aria-label="Progresso" className="flex flex-col gap-2">
          {data.status === 'queued' && data.queue && (
            <p className="text-sm" data-testid="backtest-queue">
              Na fila:{' '}
              {data.queue.ahead === 0
                ? 'começa assim que o engine a pegar'
                : `${data.queue.ahead} ${data.queue.ahead === 1 ? 'simulação sua' : 'simulações suas'} à frente (uma por vez por usuário)`}
              {data.queue.ahead === 1 && ` · começa em ${eta(data.queue.etaMs)}`}
            </p>
          )}
          <Progress value={data.progress.percent} label="Progresso da simulação" />
          <p className="text-sm text-muted-foreground" data-testid="backtest-progress">
            {formatNumber(data.progress.percent, 1)}% do período · {marketSpan(data.progress.marketMs)} de
            mercado · {data.progress.trades} {data.progress.trades === 1 ? 'trade' : 'trades'} · tempo
            restante {eta(data.progress.etaMs)}
          </p>
          <div>
            <Button variant="outline" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
              Cancelar
            </Button>
          </div>
        </section>
      )}
      {data.error && <p className="text-sm text-destructive">{data.error}</p>}
      {data.result && (
        <>
          {data.status === 'canceled' && (
            <p className="text-sm text-muted-foreground">
              Resultado parcial: {marketSpan(data.result.marketMs)} de mercado antes do cancelamento.
            </p>
          )}
          <Compare
            current={data}
            other={other.data ?? null}
            candidates={candidates}
            onPick={(otherId) => void navigate(backtestPath(data.id, otherId || undefined))}
          />
          <BacktestResultView result={data.result} />
        </>
      )}
    </div>
  );
}

function configSummary(b: Pick<Backtest, 'config'>): string {
  const c = b.config;
  return `${BACKTEST_STRATEGY_SUMMARY(c)} · ${c.pairs.join(', ')} · lucro mín. ${formatNumber(c.minProfitPercent, 2)}%`;
}

/** Two runs side by side: their configuration differences and totals. */
function Compare({
  current,
  other,
  candidates,
  onPick,
}: {
  current: BacktestDetail;
  other: BacktestDetail | null;
  candidates: Backtest[];
  onPick: (id: string) => void;
}) {
  const rows = current.result ? totalsRows(current.result.totals) : [];
  const otherRows = other?.result ? totalsRows(other.result.totals) : null;
  return (
    <section aria-label="Comparar simulações" className="flex flex-col gap-2">
      <label className="flex items-center gap-2 text-sm">
        Comparar com
        <select
          aria-label="Comparar com"
          className="h-9 rounded-md border border-input bg-background px-3 text-sm"
          value={other?.id ?? ''}
          onChange={(e) => onPick(e.target.value)}
        >
          <option value="">—</option>
          {candidates.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name} · lucro mín. {formatNumber(b.config.minProfitPercent, 2)}% · {b.sourceLabel}
            </option>
          ))}
        </select>
      </label>
      {otherRows && other && (
        <table className="w-full text-sm" aria-label="Comparação lado a lado">
          <thead>
            <tr className="text-left text-muted-foreground">
              <th />
              <th>Esta simulação</th>
              <th>
                <Link className="underline" to={backtestPath(other.id)}>
                  {other.name}
                </Link>
              </th>
            </tr>
          </thead>
          <tbody>
            <tr className="border-t border-border">
              <td className="py-1">Configuração</td>
              <td>{configSummary(current)}</td>
              <td>{configSummary(other)}</td>
            </tr>
            <tr className="border-t border-border">
              <td className="py-1">Fonte</td>
              <td>{current.sourceLabel}</td>
              <td>{other.sourceLabel}</td>
            </tr>
            {rows.map(([label, value], i) => (
              <tr key={label} className="border-t border-border">
                <td className="py-1">{label}</td>
                <td>{value}</td>
                <td>{otherRows[i]?.[1]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
