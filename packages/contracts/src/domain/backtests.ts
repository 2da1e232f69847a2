import { BOT_STRATEGY_LABELS, RISK_LEVEL_LABELS, type BotStrategy } from './bots.js';
import type { ExchangeId } from './exchanges.js';
import type { RiskLevel } from './market.js';
import type { PlanId } from './plans.js';

/** Volatility presets of the simulated market ('Calmo', 'Normal', 'Agitado'). */
export const BACKTEST_VOLATILITIES = ['calm', 'normal', 'agitated'] as const;
export type BacktestVolatility = (typeof BACKTEST_VOLATILITIES)[number];
export const BACKTEST_VOLATILITY_LABELS: Readonly<Record<BacktestVolatility, string>> = {
  calm: 'Calmo',
  normal: 'Normal',
  agitated: 'Agitado',
};

/** Market time a simulated backtest may cover: 1 hour to 7 days. */
export const BACKTEST_MIN_DURATION_MS = 3_600_000;
export const BACKTEST_MAX_DURATION_MS = 7 * 24 * 3_600_000;

/** Where a backtest's market comes from. `file`: a replay file's name in the recordings folder. */
export type BacktestSource =
  | { kind: 'simulated'; seed: number; durationMs: number; volatility: BacktestVolatility }
  | { kind: 'replay'; file: string };

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
}

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

export const BACKTEST_DISCLAIMER = 'Simulação — resultados passados não garantem resultados futuros';

/** One trade of a backtest. Money: decimal strings in USDT. */
export interface BacktestTrade {
  at: number;
  pair: string;
  buyExchange: string;
  sellExchange: string;
  buyPrice: string;
  sellPrice: string;
  amount: string;
  profit: string;
  profitPercent: string;
  expectedProfit: string;
  expectedProfitPercent: string;
  /** Fees of every leg, in USDT. */
  fees: string;
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
  /** % of trades completed. */
  successRate: number;
  avgProfitUsdt: string;
  /** Largest fall of the realised equity from a previous peak. */
  maxDrawdownUsdt: string;
  maxDrawdownPercent: number;
  returnPercent: number;
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
  /** Realised equity (capital + profit, USDT) over market time, at most ~600 points. */
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
