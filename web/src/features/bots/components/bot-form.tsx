import {
  BOT_DEFAULTS,
  BOT_STRATEGIES,
  MESSAGES,
  type LiveChecklist,
  BOT_STRATEGY_LABELS,
  BRL_PAIRS,
  EXCHANGES,
  PAIRS,
  RISK_LEVELS,
  RISK_LEVEL_LABELS,
  validateBot,
  type BacktestBotConfig,
  type Bot,
  type BotMode,
  type BotRequest,
  type BotStrategy,
  type ExchangeId,
  type RiskLevel,
} from '@arbitra/contracts';
import { Lock, TriangleAlert } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { InputField, SelectField } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { formatDecimalInput, formatPercent, parseDecimalInput } from '@/lib/format';
import { filterRate, useOpportunityHistory } from '../hooks/use-opportunity-history';
import { LiveChecklistView } from './live-checklist';

const STRATEGY_OPTIONS = BOT_STRATEGIES.map((s) => ({ value: s, label: BOT_STRATEGY_LABELS[s] }));
const RISK_OPTIONS = RISK_LEVELS.map((r) => ({ value: r, label: RISK_LEVEL_LABELS[r] }));

/** A choice among many (a pair, an exchange): a checkbox in a bordered chip, outlined when chosen. */
function Chip({
  checked,
  disabled = false,
  onChange,
  children,
}: {
  checked: boolean;
  disabled?: boolean;
  onChange: () => void;
  children: ReactNode;
}) {
  return (
    <label
      className={cn(
        'flex items-center gap-1.5 rounded-md border px-2 py-1 text-xs',
        checked && 'border-primary',
        disabled && 'cursor-not-allowed opacity-60',
      )}
    >
      <input type="checkbox" checked={checked} disabled={disabled} onChange={onChange} />
      {children}
    </label>
  );
}

export interface BotFormValues {
  name: string;
  strategy: BotStrategy;
  pairs: string[];
  exchanges: ExchangeId[];
  riskLevel: RiskLevel;
  maxInvestment: string;
  minProfitPercent: string;
  minProfitAfterRebalance: boolean;
  active: boolean;
  mode: BotMode;
  confirmLive: boolean;
}

export function initialValues(bot?: Bot): BotFormValues {
  return {
    name: bot?.name ?? '',
    strategy: bot?.strategy ?? BOT_DEFAULTS.strategy,
    pairs: bot?.pairs ?? [],
    exchanges: bot?.exchanges ?? [],
    riskLevel: bot?.riskLevel ?? BOT_DEFAULTS.riskLevel,
    maxInvestment: formatDecimalInput(bot?.maxInvestment ?? BOT_DEFAULTS.maxInvestment),
    minProfitPercent: formatDecimalInput(bot?.minProfitPercent ?? BOT_DEFAULTS.minProfitPercent),
    minProfitAfterRebalance: bot?.minProfitAfterRebalance ?? BOT_DEFAULTS.minProfitAfterRebalance,
    active: bot?.active ?? BOT_DEFAULTS.active,
    mode: bot?.mode ?? BOT_DEFAULTS.mode,
    confirmLive: false,
  };
}

export function toRequest(v: BotFormValues): BotRequest {
  return {
    name: v.name,
    pairs: v.pairs as BotRequest['pairs'],
    exchanges: v.exchanges,
    maxInvestment: parseDecimalInput(v.maxInvestment),
    minProfitPercent: parseDecimalInput(v.minProfitPercent),
    minProfitAfterRebalance: v.minProfitAfterRebalance,
    strategy: v.strategy,
    riskLevel: v.riskLevel,
    active: v.active,
    mode: v.mode,
    ...(v.mode === 'live' ? { confirmLive: v.confirmLive } : {}),
  };
}

interface BotFormProps {
  bot?: Bot;
  pending: boolean;
  /** The server's error (or 'Erro ao salvar bot'), shown until a field changes. */
  serverError: string | null;
  onSubmit: (request: BotRequest) => void;
  onCancel: () => void;
  onEdit: () => void;
  /** 'Simular': the configuration as typed (valid), to backtest without saving. */
  onSimulate?: (config: BacktestBotConfig) => void;
  /** The plan allows BRL pairs (Profissional, Enterprise, the trial); otherwise they are shown locked. */
  brlPairsAllowed?: boolean;
  /** 'Pronto para operar ao vivo' from a refused switch to 'Modo real' (the api's 409), shown under the error. */
  liveChecklist?: LiveChecklist | null;
}

/** The part of the form a backtest runs. */
export function toBacktestConfig(
  request: Pick<Bot, 'name' | 'exchanges' | 'maxInvestment' | 'minProfitPercent'> &
    Partial<Pick<Bot, 'strategy' | 'riskLevel' | 'minProfitAfterRebalance'>> & { pairs: readonly string[] },
): BacktestBotConfig {
  return {
    name: request.name,
    strategy: request.strategy ?? BOT_DEFAULTS.strategy,
    pairs: [...request.pairs],
    exchanges: request.exchanges,
    riskLevel: request.riskLevel ?? BOT_DEFAULTS.riskLevel,
    maxInvestment: request.maxInvestment,
    minProfitPercent: request.minProfitPercent,
    ...(request.minProfitAfterRebalance ? { minProfitAfterRebalance: true } : {}),
  };
}

function toggle<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

/** Create/edit form: SPEC §5 validation (the same validateBot the API runs), §9 defaults and choices. */
export function BotForm({
  bot,
  pending,
  serverError,
  onSubmit,
  onCancel,
  onEdit,
  onSimulate,
  brlPairsAllowed = false,
  liveChecklist = null,
}: BotFormProps) {
  const [values, setValues] = useState<BotFormValues>(() => initialValues(bot));
  const [error, setError] = useState<string | null>(null);
  // A new bot's minimum follows the market until the user types one (an edited bot keeps its own).
  const [minTouched, setMinTouched] = useState(Boolean(bot));
  const history = useOpportunityHistory({
    strategy: values.strategy,
    pairs: values.pairs,
    exchanges: values.exchanges,
  });
  const median = history.data?.hourMedianPercent ?? null;
  const suggested = !minTouched && median !== null ? median : null;
  // What the field shows and what is saved: the market's median until the user types a number.
  const current: BotFormValues =
    suggested === null ? values : { ...values, minProfitPercent: formatDecimalInput(suggested) };

  const change = (patch: Partial<BotFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setError(null);
    onEdit();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const request = toRequest(current);
    const message = validateBot(request);
    if (message) {
      setError(message);
      return;
    }
    onSubmit(request);
  };

  const simulate = () => {
    const request = toRequest(current);
    const message = validateBot(request);
    if (message) {
      setError(message);
      return;
    }
    onSimulate?.(toBacktestConfig(request));
  };

  const shown = error ?? serverError;
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4"
      aria-label={bot ? 'Editar bot' : 'Novo bot'}
    >
      {shown && (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
        >
          {shown}
        </p>
      )}
      {!error && liveChecklist && <LiveChecklistView checklist={liveChecklist} />}
      <InputField
        id="bot-name"
        label="Nome do bot"
        value={values.name}
        maxLength={80}
        onChange={(e) => change({ name: e.target.value })}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id="bot-strategy"
          label="Estratégia"
          value={values.strategy}
          onChange={(strategy) => change({ strategy })}
          options={STRATEGY_OPTIONS}
        />
        <SelectField
          id="bot-risk"
          label="Nível de risco"
          value={values.riskLevel}
          onChange={(riskLevel) => change({ riskLevel })}
          options={RISK_OPTIONS}
        />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Pares de moedas</legend>
        <div className="flex flex-wrap gap-2">
          {PAIRS.map((p) => (
            <Chip
              key={p}
              checked={values.pairs.includes(p)}
              onChange={() => change({ pairs: toggle(values.pairs, p) })}
            >
              {p}
            </Chip>
          ))}
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-2" aria-describedby="bot-brl-hint">
        <legend className="mb-1 flex items-center gap-1.5 text-sm font-medium">
          {brlPairsAllowed ? null : <Lock aria-hidden className="size-3.5" />}
          Pares em reais (BRL)
        </legend>
        <div className="flex flex-wrap gap-2">
          {BRL_PAIRS.map((p) => {
            const checked = values.pairs.includes(p);
            const locked = !brlPairsAllowed && !checked; // a pair already chosen can still be removed
            return (
              <Chip
                key={p}
                checked={checked}
                disabled={locked}
                onChange={() => change({ pairs: toggle(values.pairs, p) })}
              >
                {p}
              </Chip>
            );
          })}
        </div>
        <p id="bot-brl-hint" className="text-xs text-muted-foreground">
          {brlPairsAllowed
            ? 'Arbitragem em reais entre Mercado Bitcoin e Binance: selecione as duas exchanges.'
            : 'Disponível nos planos Profissional e Enterprise.'}
        </p>
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Exchanges</legend>
        <div className="flex flex-wrap gap-2">
          {EXCHANGES.map((x) => (
            <Chip
              key={x.id}
              checked={values.exchanges.includes(x.id)}
              onChange={() => change({ exchanges: toggle(values.exchanges, x.id) })}
            >
              {x.displayName}
            </Chip>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          id="bot-max-investment"
          label="Investimento máximo (R$)"
          inputMode="decimal"
          autoComplete="off"
          placeholder="ex.: 1.000,00"
          value={values.maxInvestment}
          onChange={(e) => change({ maxInvestment: e.target.value })}
        />
        <InputField
          id="bot-min-profit"
          label="Lucro mínimo (%)"
          inputMode="decimal"
          autoComplete="off"
          placeholder="ex.: 0,15"
          aria-describedby="bot-min-profit-rate"
          value={current.minProfitPercent}
          onChange={(e) => {
            setMinTouched(true);
            change({ minProfitPercent: e.target.value });
          }}
        />
      </div>
      <FilterRateLine
        history={history}
        minPercent={parseDecimalInput(current.minProfitPercent)}
        ready={values.pairs.length > 0 && values.exchanges.length > 0}
        suggested={suggested}
      />
      <div className="flex flex-col gap-1 text-sm">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={values.minProfitAfterRebalance}
            aria-describedby="bot-min-profit-after-rebalance-help"
            onChange={(e) => change({ minProfitAfterRebalance: e.target.checked })}
          />
          Lucro mínimo após rebalanceamento
        </label>
        <p id="bot-min-profit-after-rebalance-help" className="text-xs text-muted-foreground">
          Desligado, o lucro mínimo vale para o lucro líquido de taxas de negociação. Ligado, vale para o
          lucro depois da parte de cada operação nas taxas de saque para devolver a moeda e o saldo às
          corretoras de origem, rateadas em transferências do seu investimento por corretora (investimento
          máximo ÷ número de corretoras). Oportunidades sem rede para transferir são ignoradas. Só muda a
          arbitragem simples: a triangular fica numa corretora e a estatística desfaz a posição nas mesmas
          corretoras.
        </p>
      </div>
      <div className="flex flex-wrap gap-6 text-sm">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={values.active}
            onChange={(e) => change({ active: e.target.checked })}
          />
          Iniciar o bot ao salvar
        </label>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={values.mode === 'live'}
            onChange={(e) => change({ mode: e.target.checked ? 'live' : 'paper', confirmLive: false })}
          />
          Modo real (ordens de verdade)
        </label>
      </div>
      {values.mode === 'live' && (
        <label className="flex items-start gap-2 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
          <input
            type="checkbox"
            checked={values.confirmLive}
            onChange={(e) => change({ confirmLive: e.target.checked })}
          />
          Entendo que no modo real o bot envia ordens com meu dinheiro nas exchanges selecionadas.
        </label>
      )}
      {values.mode === 'live' && bot?.mode !== 'live' && (
        <p className="text-xs text-muted-foreground">
          Ao salvar, cada exchange do bot é verificada ({MESSAGES.liveChecklist.title}): o Modo real só é
          aceito quando todos os itens passam.
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          Cancelar
        </Button>
        {onSimulate && (
          <Button type="button" variant="secondary" onClick={simulate} disabled={pending}>
            Simular
          </Button>
        )}
        <Button type="submit" disabled={pending}>
          {pending ? 'Salvando...' : bot ? 'Salvar alterações' : 'Criar bot'}
        </Button>
      </div>
    </form>
  );
}

/** Under 'Lucro mínimo': how often this filter would have fired over the last 24 h, with a warning at 0. */
function FilterRateLine({
  history,
  minPercent,
  ready,
  suggested,
}: {
  history: ReturnType<typeof useOpportunityHistory>;
  minPercent: number;
  ready: boolean;
  suggested: number | null;
}) {
  let body: ReactNode;
  let warn = false;
  if (!ready)
    body = 'Escolha os pares e as exchanges para ver com que frequência este filtro teria disparado.';
  else if (history.data && Number.isFinite(minPercent) && minPercent > 0) {
    const rate = filterRate(history.data, minPercent);
    warn = rate.none;
    body = (
      <>
        {rate.text}
        {suggested !== null ? <> {MESSAGES.market.filterDefault(formatPercent(suggested))}</> : null}
      </>
    );
  } else if (history.isError) body = MESSAGES.market.historyUnavailable;
  else if (history.isFetching) body = 'Calculando com o histórico das últimas 24 h...';
  else body = null;
  return (
    <p
      id="bot-min-profit-rate"
      data-testid="filter-rate"
      aria-live="polite"
      className={cn(
        '-mt-2 flex items-start gap-1.5 text-xs',
        warn ? 'rounded-md border border-warning/40 bg-warning/10 p-2 text-warning' : 'text-muted-foreground',
      )}
    >
      {warn ? <TriangleAlert aria-hidden className="mt-0.5 size-3.5 shrink-0" /> : null}
      <span>{body}</span>
    </p>
  );
}
