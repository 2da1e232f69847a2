import type { InventoryBalance } from './inventory.js';
import { BOT_STRATEGY_LABELS, RISK_LEVEL_LABELS, type BotStrategy } from './bots.js';
import type { ExchangeId } from './exchanges.js';
import type { TradeFigures } from './executions.js';
import type { RiskLevel } from './market.js';
import type { PlannedTransfer } from './rebalance-plan.js';
import type { PlanId } from './plans.js';

/** Volatility presets of the simulated market ('Calmo', 'Normal', 'Agitado'). */
export const BACKTEST_VOLATILITIES = ['calm', 'normal', 'agitated'] as const;
export type BacktestVolatility = (typeof BACKTEST_VOLATILITIES)[number];
export const BACKTEST_VOLATILITY_LABELS: Readonly<Record<BacktestVolatility, string>> = {
  calm: 'Calmo',
  normal: 'Normal',
  agitated: 'Agitado',
};
/** What each preset assumes, under the 'Volatilidade' field (docs/ARCHITECTURE.md: the simulated market). */
export const BACKTEST_VOLATILITY_HINTS: Readonly<Record<BacktestVolatility, string>> = {
  calm: 'Poucas distorções de preço (2 por minuto), de 0,1 a 0,4 %, que duram de 0,8 a 2 s.',
  normal:
    'O mercado simulado da plataforma: 5 distorções por minuto, de 0,1 a 0,6 %, que duram de 0,8 a 2 s (a concorrência leva o resto). Um bot com as configurações padrão quase não opera.',
  agitated:
    'O mais generoso: 12 distorções por minuto, de 0,4 a 4 %, que duram de 6 a 20 s. Não espere isso do mercado real.',
};

/** Market time a simulated backtest may cover: 1 hour to 7 days. */
export const BACKTEST_MIN_DURATION_MS = 3_600_000;
export const BACKTEST_MAX_DURATION_MS = 7 * 24 * 3_600_000;

/** Where a backtest's market comes from. `file`: a replay file's name in the recordings folder. */
export type BacktestSource =
  | { kind: 'simulated'; seed: number; durationMs: number; volatility: BacktestVolatility }
  | { kind: 'replay'; file: string };

/** The delay from an opportunity's detection to its orders reaching the exchange, ms: median and 99th percentile. */
export interface ExecutionLatency {
  p50Ms: number;
  p99Ms: number;
  /**
   * How long one execution holds its bot after its orders (the ledger's record) before the bot's next execution can
   * place its own: executions of one bot run one at a time. Absent: none.
   */
  holdMs?: number;
}

/** Most 'Latência de execução' a backtest takes (the executor drops a job older than 5 s as expired). */
export const BACKTEST_LATENCY_MAX_MS = 5_000;

/**
 * The detection-to-order latency of the platform's paper path when no engine has measured it yet (a backtest
 * started before the engine ran 5 executions): within what the engine measured on its paper path in
 * engine/test/backtest-calibration.test.ts (p50 15–80 ms, p99 75–600 ms, hold 15–35 ms, a shared 2-core machine).
 */
export const DEFAULT_EXECUTION_LATENCY: ExecutionLatency = { p50Ms: 60, p99Ms: 400, holdMs: 30 };

/** The bot configuration a backtest runs (a bot's, possibly edited and not saved). */
export interface BacktestBotConfig {
  name: string;
  strategy: BotStrategy;
  pairs: string[];
  exchanges: ExchangeId[];
  riskLevel: RiskLevel;
  /** R$. */
  maxInvestment: number;
  minProfitPercent: number;
  /** 'Latência de execução' of the run (absent in older runs: they ran without any). */
  latency?: ExecutionLatency;
  /** The bot's 'Lucro mínimo após rebalanceamento' (absent: off). */
  minProfitAfterRebalance?: boolean;
  /**
   * 'Rebalancear quando o desvio passar de X %' (issue 29): when an asset's skew against the starting split passes
   * this %, the run rebalances (planRebalance), pays the fees and waits for the transfers. Absent: off.
   */
  rebalanceSkewPercent?: number;
}

/** Range of 'Rebalancear quando o desvio passar de X %'. */
export const BACKTEST_REBALANCE_SKEW = { min: 1, max: 100, step: 1 } as const;

/** One rebalance of a backtest: when, which transfers, their fees. */
export interface BacktestRebalance {
  at: number;
  /** The largest skew that fired it: asset and % of its total out of place. */
  asset: string;
  skewPercent: string;
  transfers: Omit<PlannedTransfer, 'received' | 'minWithdraw'>[];
  feesUsdt: string;
}

/** What the rebalancing rule did over the run (absent when the rule was off). */
export interface BacktestRebalancing {
  skewPercent: number;
  count: number;
  /** Every transfer's fee, USDT (and R$ at the source's rate; null without one). */
  feesUsdt: string;
  feesBrl: string | null;
  /** The trades' profit minus the transfer fees, USDT and R$. */
  profitAfterUsdt: string;
  profitAfterBrl: string | null;
  /** The first rebalances (at most BACKTEST_MAX_REBALANCES; `count` counts them all). */
  rebalances: BacktestRebalance[];
  /** Where the fees and networks came from (the table's source and date). */
  table: { source: string; asOf: string };
}

export const BACKTEST_MAX_REBALANCES = 200;

export const BACKTEST_STATUSES = [
  'queued',
  'running',
  'completed',
  'failed',
  'canceled',
  'interrupted',
] as const;
export type BacktestStatus = (typeof BACKTEST_STATUSES)[number];
export const BACKTEST_STATUS_LABELS: Readonly<Record<BacktestStatus, string>> = {
  queued: 'Na fila',
  running: 'Executando',
  completed: 'Concluído',
  failed: 'Falhou',
  canceled: 'Cancelado',
  interrupted: 'Interrompido',
};

/** Backtests a plan may start per day (São Paulo); -1: unlimited (DECISIONS §12). */
export const BACKTESTS_PER_DAY: Readonly<Record<PlanId, number>> = {
  basic: 3,
  professional: 20,
  enterprise: -1,
};

/**
 * Fair use of the backtest workers: a user's simulations waiting or running at once (one runs, the rest wait), and
 * the longest simulated market each plan may ask for.
 */
export const BACKTESTS_ACTIVE_PER_USER = 3;
export const BACKTEST_MAX_DURATION_BY_PLAN: Readonly<Record<PlanId, number>> = {
  basic: 24 * 3_600_000,
  professional: 3 * 24 * 3_600_000,
  enterprise: BACKTEST_MAX_DURATION_MS,
};

export const BACKTEST_DISCLAIMER = 'Simulação — resultados passados não garantem resultados futuros';

/** One trade of a backtest. Money: decimal strings in USDT. */
export interface BacktestTrade extends TradeFigures {
  at: number;
  /** Fees of every leg, in USDT. */
  fees: string;
  /** Profit and fees in R$ at the source's USDT/BRL rate of that moment (null: no rate; absent in older results). */
  profitBrl?: string | null;
  feesBrl?: string | null;
  status: 'completed' | 'failed';
  failureReason: string | null;
  /** A statistical exit (closes a position). */
  exit: boolean;
  /** The orders: what each filled, at what average, for how much quote, and the fee (what the ledger checks). */
  legs: BacktestLeg[];
}

export interface BacktestLeg {
  kind: 'entry' | 'unwind';
  exchange: string;
  symbol: string;
  side: 'buy' | 'sell';
  filledAmount: string;
  avgPrice: string;
  quoteAmount: string;
  fee: string;
  feeAsset: string;
}

/** A risk stop: the bot's (daily loss, consecutive failures; it resumes the next São Paulo day) or a position's. */
export interface BacktestStop {
  at: number;
  kind: 'bot' | 'position';
  reason: string;
}

export interface BacktestTotals {
  /** USDT the bot starts with (maxInvestment at the USDT/BRL rate). */
  capitalUsdt: string;
  profitUsdt: string;
  /** Null when the market source has no USDT/BRL book: the R$ figures cannot be given. */
  profitBrl: string | null;
  feesUsdt: string;
  feesBrl: string | null;
  trades: number;
  completed: number;
  failed: number;
  /** % of attempted executions (every trade, misses and unwinds included) that completed. */
  successRate: number;
  avgProfitUsdt: string;
  /** Null without a USDT/BRL rate (absent in older results). */
  avgProfitBrl?: string | null;
  /** Largest fall of the equity from a previous peak (marked to market, see `equity`). */
  maxDrawdownUsdt: string;
  maxDrawdownPercent: number;
  /** Return of the marked-to-market equity over the run (older runs: profit over capital). */
  returnPercent: number;
  /** returnPercent spread over the run's days (simple: returnPercent ÷ days) and × 30 a month (absent in older runs). */
  returnPerDayPercent?: number;
  returnPerMonthPercent?: number;
  /** Equity at the end, marked to market: every asset on every exchange at its book's mid, USDT and R$. */
  equityUsdt?: string;
  equityBrl?: string | null;
  /** What happened to the opportunities the bot could take (absent in older runs). */
  funnel?: BacktestFunnel;
  /** The latency the run used (absent in older runs: none). */
  latency?: ExecutionLatency;
}

/**
 * Opportunities of the run: seen (of the bot's markets, at or above its minimum profit), attempted (an execution
 * placed orders), filled (completed), missed (nothing filled: gone when the orders arrived), unwound (one leg filled
 * more than the other: the difference undone at market), skipped (no balance or budget left for it).
 */
export interface BacktestFunnel {
  seen: number;
  attempted: number;
  filled: number;
  missed: number;
  unwound: number;
  skipped: number;
  /**
   * Opportunities not taken because one side could not fund the bot's minimum order (the runner's skip rule,
   * unfundedSide: inventory ran out on that exchange); absent in older runs.
   */
  unfunded?: number;
}

/** One paper trade matched with the backtest's (same route, closest time within the window), or unmatched. */
export interface CalibrationPoint {
  at: number;
  route: string;
  paperProfitUsdt: string | null;
  backtestProfitUsdt: string | null;
}

/**
 * The bot's paper trades over the same market (a replay recorded while it ran) beside the backtest's: counts,
 * profit and success rate of each, and the trades matched by time and route.
 */
export interface BacktestCalibration {
  paper: { trades: number; profitUsdt: string; successRate: number };
  backtest: { trades: number; profitUsdt: string; successRate: number };
  /** Matched within this many ms of market time. */
  windowMs: number;
  matched: number;
  points: CalibrationPoint[];
}

export interface BacktestGroup {
  key: string;
  trades: number;
  profitUsdt: string;
}

export interface BacktestSourceInfo {
  /** 'Dados simulados, semente 42' or the recording's exchanges and dates. */
  label: string;
  simulated: boolean;
  exchanges: ExchangeId[];
  /** Market time covered (ms since the epoch). */
  from: number;
  to: number;
  /** The USDT/BRL rate used for R$ (mean of the source's USDT/BRL books), or null when it has none. */
  usdtBrl: string | null;
}

export interface BacktestResult {
  totals: BacktestTotals;
  /**
   * Equity over market time, USDT, at most ~600 points: marked to market (every asset at its book's mid), sampled
   * every minute of market and after each trade (older runs: capital + realised profit).
   */
  equity: { t: number; equity: number; drawdown: number }[];
  byPair: BacktestGroup[];
  byExchangePair: BacktestGroup[];
  /** The trades in order (the first BACKTEST_MAX_TRADES; totals count them all). */
  trades: BacktestTrade[];
  tradesTruncated: boolean;
  stops: BacktestStop[];
  source: BacktestSourceInfo;
  /**
   * Why a run made no trade, in pt-BR, from what the source holds for the bot (its pairs on its exchanges):
   * 'A fonte não tem ...' or no opportunity above minProfitPercent. Null when it traded (absent in older runs).
   */
  noTradeReason?: string | null;
  /** Each asset on each exchange at the end of the run beside its start (issue 29; absent in older runs). */
  inventory?: InventoryBalance[];
  /** The paper trades of the same bot on this recording, compared (null: none; absent in older runs). */
  calibration?: BacktestCalibration | null;
  /** The rebalancing rule's count, fees and profit after rebalancing (absent: the rule was off). */
  rebalancing?: BacktestRebalancing;
  /** Market time simulated and the wall time it took. */
  marketMs: number;
  wallMs: number;
}

export const BACKTEST_MAX_TRADES = 5_000;

export interface BacktestProgress {
  /** % of market time done. */
  percent: number;
  trades: number;
  marketMs: number;
  /** Estimated wall time left, ms (null until known). */
  etaMs: number | null;
}

/** A backtest as the API answers it. */
export interface Backtest {
  id: string;
  botId: string | null;
  name: string;
  status: BacktestStatus;
  statusLabel: string;
  config: BacktestBotConfig;
  source: BacktestSource;
  sourceLabel: string;
  progress: BacktestProgress;
  /** Headline figures for lists (null until completed). */
  totals: BacktestTotals | null;
  error: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /**
   * A queued run: how many of the user's own runs are ahead of it (one runs at a time per user; other users' runs
   * share the worker and never hold it up) and, when only the running one is, the wall time it has left (ms; null:
   * not known yet). Null otherwise (absent where not read).
   */
  queue?: { ahead: number; etaMs: number | null } | null;
}

export interface BacktestDetail extends Backtest {
  result: BacktestResult | null;
}

/** A replay file the user can pick. */
export interface RecordingInfo {
  file: string;
  label: string;
  sizeBytes: number;
}

/** Name of the engines' Prometheus gauge of their measured detection → orders latency (label quantile: 0.5, 0.99). */
export const EXECUTION_LATENCY_METRIC = 'arbitra_engine_execution_latency_ms';

/** What the 'Simular' form offers: the recordings, and the latency a run left at its default gets. */
export interface BacktestOptions {
  recordings: RecordingInfo[];
  latency: {
    /** The engines' measured detection → orders latency (p50/p99 of their recent executions); null before any. */
    measured: ExecutionLatency | null;
    /** What a run gets before the platform has measured one. */
    default: ExecutionLatency;
  };
}

/** 'Dados simulados, semente 42' (+ duration and volatility), or the recording's label. */
export function simulatedSourceLabel(seed: number): string {
  return `Dados simulados, semente ${seed}`;
}

/** Socket event payload (owner's room): progress, or the end of a backtest. */
export interface BacktestProgressEvent {
  id: string;
  status: BacktestStatus;
  progress: BacktestProgress;
}

/** 'Arbitragem simples · Risco Médio · R$ 10.000,00' (the bot's headline, for lists and comparisons). */
export function BACKTEST_STRATEGY_SUMMARY(
  c: Pick<BacktestBotConfig, 'strategy' | 'riskLevel' | 'maxInvestment'>,
): string {
  return `${BOT_STRATEGY_LABELS[c.strategy]} · Risco ${RISK_LEVEL_LABELS[c.riskLevel]} · R$ ${c.maxInvestment.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
