import type { BotInventory } from './inventory.js';
import type { RebalanceView } from './rebalance-plan.js';
import type { ExchangeId } from './exchanges.js';
import type { LiveChecklist } from './live-checklist.js';
import type { RiskLevel } from './market.js';
import type { RebalanceShare } from './rebalance-share.js';

/** Bot strategies of SPEC §3 ('arbitrage' is the simple cross-exchange one). */
export const BOT_STRATEGIES = ['arbitrage', 'triangular', 'statistical'] as const;
export type BotStrategy = (typeof BOT_STRATEGIES)[number];

export const RISK_LEVELS = ['low', 'medium', 'high'] as const satisfies readonly RiskLevel[];

/** paper: simulated fills on virtual balances (default); live: real orders (DECISIONS §8). */
export const BOT_MODES = ['paper', 'live'] as const;
export type BotMode = (typeof BOT_MODES)[number];

export const BOT_STATUSES = ['running', 'stopped', 'error'] as const;
export type BotStatus = (typeof BOT_STATUSES)[number];

/** Strategies that need the plan's advancedStrategies (DECISIONS §2). */
export const ADVANCED_STRATEGIES: readonly BotStrategy[] = ['triangular', 'statistical'];

/** SPEC §9 defaults of the bot form. */
export const BOT_DEFAULTS = {
  strategy: 'arbitrage' as BotStrategy,
  riskLevel: 'medium' as RiskLevel,
  maxInvestment: 1000,
  minProfitPercent: 1.5,
  minProfitAfterRebalance: false,
  active: false,
  mode: 'paper' as BotMode,
} as const;

/** SPEC §5 input hints. */
export const BOT_INPUT_HINTS = {
  maxInvestment: { min: 1, step: 0.01 },
  minProfitPercent: { min: 0.1, step: 0.1 },
} as const;

/** Share of maxInvestment engaged per trade, per risk level (DECISIONS §8). */
export const RISK_SIZING: Readonly<Record<RiskLevel, string>> = { low: '0.25', medium: '0.5', high: '1' };
/** Daily loss limit as a share of maxInvestment, per risk level (DECISIONS §8). */
export const RISK_DAILY_LOSS: Readonly<Record<RiskLevel, string>> = {
  low: '0.02',
  medium: '0.05',
  high: '0.1',
};
/** Consecutive failed trades that stop a bot with status 'error'. */
export const MAX_CONSECUTIVE_FAILURES = 5;

export const BOT_STATUS_LABELS: Readonly<Record<BotStatus, string>> = {
  running: 'Executando',
  stopped: 'Parado',
  error: 'Erro',
};

/** SPEC §4: anything else reads 'Desconhecido'. */
export function botStatusLabel(status: unknown): string {
  return typeof status === 'string' && status in BOT_STATUS_LABELS
    ? BOT_STATUS_LABELS[status as BotStatus]
    : 'Desconhecido';
}

export const BOT_STRATEGY_LABELS: Readonly<Record<BotStrategy, string>> = {
  arbitrage: 'Arbitragem simples',
  triangular: 'Arbitragem triangular',
  statistical: 'Arbitragem estatística',
};

export const RISK_LEVEL_LABELS: Readonly<Record<RiskLevel, string>> = {
  low: 'Baixo',
  medium: 'Médio',
  high: 'Alto',
};

export const BOT_MODE_LABELS: Readonly<Record<BotMode, string>> = { paper: 'Simulado', live: 'Real' };

/**
 * A bot as the API answers it (SPEC §3 fields + mode, statusReason). Money and percentages are numbers
 * rounded for display; the exact figures are decimal strings in the `*Exact` fields.
 * totalProfit is in USDT (the quote currency every pair trades in); maxInvestment is in BRL.
 */
export interface Bot {
  id: string;
  name: string;
  strategy: BotStrategy;
  pairs: string[];
  exchanges: ExchangeId[];
  riskLevel: RiskLevel;
  maxInvestment: number;
  minProfitPercent: number;
  /**
   * 'Lucro mínimo após rebalanceamento' (issue 29): minProfitPercent applies to the profit after the trade's share
   * of the transfers that undo its inventory move (amortised over the bot's capital per exchange). Off by default.
   */
  minProfitAfterRebalance: boolean;
  active: boolean;
  status: BotStatus;
  statusReason: string | null;
  mode: BotMode;
  totalTrades: number;
  totalProfit: number;
  profitPercent: number;
  totalProfitExact: string;
  /** Total profit in R$ (each trade at its own USDT/BRL rate), exact, rounded to centavos ('12.34'). */
  totalProfitBrl: string;
  /**
   * What failed unwinds left open, by `${exchange}:${asset}` (a signed base amount: positive held, negative
   * owed); empty when nothing is exposed.
   */
  nakedExposure: Record<string, string>;
  createdAt: string;
  updatedAt: string;
}

export const TRADE_STATUSES = ['completed', 'failed', 'pending'] as const;
export type TradeStatus = (typeof TRADE_STATUSES)[number];

export const TRADE_STATUS_LABELS: Readonly<Record<TradeStatus, string>> = {
  completed: 'Concluído',
  failed: 'Falhou',
  pending: 'Pendente',
};

/**
 * A trade (SPEC §3 fields) plus what the opportunity expected. Prices, amount and profit are in the traded quote
 * currency (`quote`: USDT, or BRL for a BRL pair); `profitUsdt` is the profit in USDT (a BRL-quoted profit ÷
 * usdtBrl). The R$ figures (issue 15: shown first) are exact decimal strings rounded to centavos, from the
 * ledger's stored columns (packages/contracts/src/domain/trade-brl.ts states the rule).
 */
export interface Trade {
  id: string;
  botId: string | null;
  botName: string;
  strategy: BotStrategy;
  pair: string;
  buyExchange: string;
  sellExchange: string;
  buyPrice: number;
  sellPrice: number;
  amount: number;
  profit: number;
  profitPercent: number;
  expectedProfit: number;
  expectedProfitPercent: number;
  status: TradeStatus;
  failureReason: string | null;
  mode: BotMode;
  executedAt: string;
  quote: string;
  profitUsdt: number;
  /** The USDT/BRL rate of the trade's moment (exact decimal string). */
  usdtBrl: string;
  profitBrl: string;
  feesBrl: string;
  volumeBrl: string;
  expectedProfitBrl: string;
  /**
   * 'Lucro após rebalanceamento' (issue 29): computed on read from the stored pair, exchanges, amount, price and
   * R$ figures, amortised over DEFAULT_REBALANCE_TRANSFER_BRL; null for a trade that did not complete.
   */
  rebalance: RebalanceShare | null;
}

export interface TradeLeg {
  seq: number;
  kind: 'entry' | 'unwind';
  exchange: string;
  symbol: string;
  side: 'buy' | 'sell';
  requestedAmount: string;
  filledAmount: string;
  avgPrice: string;
  quoteAmount: string;
  fee: string;
  feeAsset: string;
  /** Fees charged in other currencies than feeAsset (an order that paid in BNB, then in the asset received). */
  otherFees?: { cost: string; currency: string }[];
  status: 'filled' | 'partial' | 'failed';
}

export interface TradeStats {
  totalTrades: number;
  /** USDT (BRL-quoted trades ÷ their rate), 2 decimals. */
  totalProfit: number;
  /** R$, exact sum of the stored R$ profits, rounded to centavos ('12.34'). */
  totalProfitBrl: string;
  /** R$, rounded to centavos. */
  avgProfitBrl: string;
  /** Percent, 1 decimal. */
  successRate: number;
  /** 2 decimals. */
  avgProfit: number;
}

export interface EquityPoint {
  at: string;
  /** Cumulative profit (USDT) after the trade. */
  equity: number;
  /** Cumulative profit in R$ after the trade (each trade at its rate), rounded to centavos. */
  equityBrl: number;
}

export interface BotBalance {
  exchange: string;
  asset: string;
  amount: string;
  initial: string;
}

export interface BotDetail {
  bot: Bot;
  equity: EquityPoint[];
  recentTrades: Trade[];
  balances: BotBalance[];
  /** Sums over the bot's trades. */
  expectedProfit: number;
  realisedProfit: number;
  /** The same sums in R$ (each trade at its rate), rounded to centavos ('12.34'). */
  expectedProfitBrl: string;
  realisedProfitBrl: string;
  /** 'Pronto para operar ao vivo' for the bot's exchanges and pairs: only when asked (?liveChecklist=true). */
  liveChecklist?: LiveChecklist;
  /** 'Inventário' (issue 29): only when asked (?include=inventory). */
  inventory?: BotInventory;
  /** The rebalancing plan and the bot's transfers: only when asked (?include=rebalance). */
  rebalance?: RebalanceView;
}

/** Socket payload of 'bot:status' (to the owner's room). */
export interface BotStatusEvent {
  botId: string;
  status: BotStatus;
  active: boolean;
  statusReason: string | null;
  totalTrades: number;
  totalProfit: number;
  totalProfitBrl: string;
  profitPercent: number;
  at: number;
}

/**
 * Socket payload of 'trade:new' (to the owner's room): the trade and, when its bot still exists, the bot's status
 * after it (`botStatus`: what a 'bot:status' would carry; the executor sends one event per trade, not two).
 */
export type TradeNewEvent = Trade & { botStatus?: BotStatusEvent };
