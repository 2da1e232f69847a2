import {
  BACKTEST_VOLATILITIES,
  BACKTEST_VOLATILITY_HINTS,
  BACKTEST_VOLATILITY_LABELS,
  DEFAULT_EXECUTION_LATENCY,
  type BacktestBotConfig,
  type BacktestVolatility,
} from '@arbitra/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHead } from '@/components/ui/dialog';
import { Field, InputField, SelectField } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { isApiError } from '@/lib/api-client';
import { formatDecimalInput, parseDecimalInput } from '@/lib/format';
import { backtestPath } from '@/config/routes';
import { backtestsApi } from '@/lib/backtests-api';

/** The data sources of a simulation. */
const SOURCES = [
  ['simulated', 'Mercado simulado'],
  ['replay', 'Gravação'],
] as const;

/** Market lengths offered for the simulated market (1 hour to 7 days). */
export const DURATIONS: readonly { label: string; ms: number }[] = [
  { label: '1 hora', ms: 3_600_000 },
  { label: '6 horas', ms: 6 * 3_600_000 },
  { label: '24 horas', ms: 24 * 3_600_000 },
  { label: '3 dias', ms: 3 * 24 * 3_600_000 },
  { label: '7 dias', ms: 7 * 24 * 3_600_000 },
];

interface SimulateDialogProps {
  /** The configuration to simulate (a saved bot's, or the form's as typed); null: closed. */
  bot: BacktestBotConfig | null;
  botId?: string | null;
  onClose: () => void;
}

/**
 * 'Simular': runs the bot's configuration over a market without saving or starting anything — the simulated market
 * (seed, length, volatility) or a recording — and opens the results page, where the progress bar moves.
 */
export function SimulateDialog({ bot, botId = null, onClose }: SimulateDialogProps) {
  const navigate = useNavigate();
  const [kind, setKind] = useState<'simulated' | 'replay'>('simulated');
  const [seed, setSeed] = useState('42');
  const [durationMs, setDurationMs] = useState(24 * 3_600_000);
  const [volatility, setVolatility] = useState<BacktestVolatility>('normal');
  const [file, setFile] = useState('');
  const [p50, setP50] = useState('');
  const [p99, setP99] = useState('');
  const [rebalanceOn, setRebalanceOn] = useState(false);
  const [skew, setSkew] = useState('20');
  const [error, setError] = useState<string | null>(null);
  const options = useQuery({
    queryKey: ['backtests', 'options'],
    queryFn: backtestsApi.options,
    enabled: bot !== null,
  });
  const recordings = options.data?.recordings;
  /** What a run left blank gets: the platform's measured latency, else the default. */
  const measured = options.data?.latency.measured ?? null;
  const blank = measured ?? DEFAULT_EXECUTION_LATENCY;

  const start = useMutation({
    mutationFn: () =>
      backtestsApi.create({
        botId,
        bot: bot!,
        source:
          kind === 'simulated'
            ? { kind, seed: parseDecimalInput(seed), durationMs, volatility }
            : { kind, file: file || recordings?.[0]?.file || '' },
        // both blank: the platform's measured latency; one typed: the other defaults to it
        latency:
          p50.trim() === '' && p99.trim() === ''
            ? null
            : {
                p50Ms: parseDecimalInput(p50.trim() === '' ? p99 : p50),
                p99Ms: parseDecimalInput(p99.trim() === '' ? p50 : p99),
              },
        rebalanceSkewPercent: rebalanceOn ? parseDecimalInput(skew) : null,
      }),
    onSuccess: (res) => {
      toast({ title: res.message, variant: 'success' });
      onClose();
      void navigate(backtestPath(res.backtest.id));
    },
    onError: (e) => setError(isApiError(e) ? e.message : 'Erro de conexão com o servidor'),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    start.mutate();
  };

  return (
    <Dialog open={bot !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHead title={`Simular ${bot?.name ?? ''}`} />
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Simular bot">
          <p className="text-xs text-muted-foreground">
            A simulação roda a configuração do bot sobre um mercado passado, com o mesmo código do robô ao
            vivo e a corretora simulada. Nada é salvo nem iniciado, e nenhum trade entra no seu histórico.
          </p>
          {error && (
            <p
              role="alert"
              className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
            >
              {error}
            </p>
          )}
          <fieldset className="flex gap-4 text-sm">
            <legend className="mb-1 text-sm font-medium">Fonte de dados</legend>
            {SOURCES.map(([value, label]) => (
              <label key={value} className="flex items-center gap-2">
                <input type="radio" name="source" checked={kind === value} onChange={() => setKind(value)} />
                {label}
              </label>
            ))}
          </fieldset>
          {kind === 'simulated' ? (
            <div className="grid gap-4 sm:grid-cols-3">
              <InputField
                id="sim-seed"
                label="Semente"
                inputMode="numeric"
                autoComplete="off"
                value={seed}
                onChange={(e) => setSeed(e.target.value)}
              />
              <SelectField
                id="sim-duration"
                label="Duração"
                value={durationMs}
                onChange={setDurationMs}
                options={DURATIONS.map((d) => ({ value: d.ms, label: d.label }))}
              />
              <SelectField
                id="sim-volatility"
                label="Volatilidade"
                value={volatility}
                onChange={setVolatility}
                options={BACKTEST_VOLATILITIES.map((v) => ({
                  value: v,
                  label: BACKTEST_VOLATILITY_LABELS[v],
                }))}
              >
                <p className="text-xs text-muted-foreground" data-testid="sim-volatility-hint">
                  {BACKTEST_VOLATILITY_HINTS[volatility]}
                </p>
              </SelectField>
            </div>
          ) : (
            <Field id="sim-recording" label="Gravação">
              {recordings && recordings.length === 0 ? (
                <p className="text-sm text-muted-foreground">Nenhuma gravação na pasta de gravações.</p>
              ) : (
                <select
                  id="sim-recording"
                  className="h-9 rounded-md border border-input bg-background px-3 text-sm"
                  value={file || recordings?.[0]?.file || ''}
                  onChange={(e) => setFile(e.target.value)}
                >
                  {recordings?.map((r) => (
                    <option key={r.file} value={r.file}>
                      {r.file} ({Math.max(1, Math.round(r.sizeBytes / 1024))} KB)
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
          <fieldset className="flex flex-col gap-1.5">
            <legend className="mb-1 text-sm font-medium">Latência de execução</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              {(
                [
                  ['p50', 'Mediana (p50), ms', p50, setP50, blank.p50Ms],
                  ['p99', 'Pior caso (p99), ms', p99, setP99, blank.p99Ms],
                ] as const
              ).map(([key, label, value, set, placeholder]) => (
                <InputField
                  key={key}
                  id={`sim-latency-${key}`}
                  label={label}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder={formatDecimalInput(placeholder, 0)}
                  value={value}
                  onChange={(e) => set(e.target.value)}
                />
              ))}
            </div>
            <p className="text-xs text-muted-foreground">
              O tempo entre ver a oportunidade e a ordem chegar à corretora: cada execução acontece nos livros
              desse momento, e o que sumiu nesse meio-tempo vira perda de oportunidade ou perna desfeita. Em
              branco:{' '}
              {measured ? (
                <span data-testid="sim-latency-default">
                  a latência medida pela plataforma nas execuções recentes,{' '}
                  {formatDecimalInput(measured.p50Ms, 0)} ms / {formatDecimalInput(measured.p99Ms, 0)} ms (p50
                  / p99).
                </span>
              ) : (
                <span data-testid="sim-latency-default">
                  {formatDecimalInput(DEFAULT_EXECUTION_LATENCY.p50Ms, 0)} ms /{' '}
                  {formatDecimalInput(DEFAULT_EXECUTION_LATENCY.p99Ms, 0)} ms (p50 / p99), o padrão até a
                  plataforma medir as suas execuções.
                </span>
              )}
            </p>
          </fieldset>
          <fieldset className="flex flex-col gap-1.5">
            <legend className="mb-1 text-sm font-medium">Rebalanceamento</legend>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={rebalanceOn}
                onChange={(e) => setRebalanceOn(e.target.checked)}
              />
              Rebalancear quando o desvio passar de
              <Input
                id="sim-rebalance-skew"
                aria-label="Desvio para rebalancear (%)"
                className="h-8 w-16"
                inputMode="decimal"
                autoComplete="off"
                disabled={!rebalanceOn}
                value={skew}
                onChange={(e) => setSkew(e.target.value)}
              />
              %
            </label>
            <p className="text-xs text-muted-foreground">
              Desligado, o estoque fica onde as operações o deixam. Ligado, quando a parte de uma moeda fora
              da divisão inicial entre as corretoras passa desse percentual, a simulação transfere de volta
              pela rede mais barata, paga as taxas de saque e espera o tempo da rede (no tempo do mercado)
              antes de usar o dinheiro; o resultado mostra os rebalanceamentos, as taxas e o lucro após
              rebalanceamento.
            </p>
          </fieldset>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose} disabled={start.isPending}>
              Fechar
            </Button>
            <Button type="submit" disabled={start.isPending}>
              {start.isPending ? 'Iniciando...' : 'Simular'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
