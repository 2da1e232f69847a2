import type { BotMode, BotStrategy, TradeLeg, TradeStatus } from './bots.js';

/** Where and at what a trade bought and sold (decimal strings). */
export interface TradeSides {
  pair: string;
  buyExchange: string;
  sellExchange: string;
  buyPrice: string;
  sellPrice: string;
  amount: string;
}

/** The TradeSides of `t`, without the rest of what it holds. */
export const tradeSides = (t: TradeSides): TradeSides => ({
  pair: t.pair,
  buyExchange: t.buyExchange,
  sellExchange: t.sellExchange,
  buyPrice: t.buyPrice,
  sellPrice: t.sellPrice,
  amount: t.amount,
});

/** The figures of one arbitrage trade, executed or simulated. Money: decimal strings in USDT. */
export interface TradeFigures extends TradeSides {
  profit: string;
  profitPercent: string;
  expectedProfit: string;
  expectedProfitPercent: string;
}

/**
 * What an execution produces and the ledger records (one transaction): the engine's executors build it, the
 * trades repository of packages/db writes it, the backtest keeps it in memory.
 */

/** A leg as the ledger stores it: the leg the API shows, plus the exchange's order id. */
export interface LegRecord extends TradeLeg {
  orderId: string | null;
}

/** A change of one asset's balance on one exchange. */
export interface BalanceDelta {
  exchange: string;
  asset: string;
  delta: string;
}

/** An open statistical position as stored (stat_positions). */
export interface OpenPosition {
  opportunityId: string;
  symbol: string;
  buyExchange: string;
  sellExchange: string;
  amount: string;
  entrySpreadBps: number;
  meanBps: number;
  firstSeen: number;
}

/** What an execution produced; the ledger records it in one transaction. */
export interface ExecutionRecord extends TradeFigures {
  executionKey: string;
  botId: string;
  userId: string;
  botName: string;
  opportunityId: string;
  strategy: BotStrategy;
  mode: BotMode;
  /**
   * TradeFigures.profit: realised profit in USDT, the value of every balance delta (every asset, every exchange,
   * fees included) at the trade's own prices (tradeValue in contracts).
   */
  usdtBrl: string;
  status: TradeStatus;
  failureReason: string | null;
  executedAt: Date;
  legs: LegRecord[];
  deltas: BalanceDelta[];
  /** USDT per unit of an asset the legs do not price (a fee in BNB), at the trade's moment (kept in plan.marks). */
  marks?: Record<string, string>;
  /** Base amounts left open by a failed unwind, per `${exchange}:${asset}`. */
  nakedExposure?: Record<string, string>;
  /** A completed statistical entry opens this position (same transaction). */
  openPosition?: OpenPosition;
  /** A statistical exit closes the position opened on this opportunity id. */
  closesPosition?: string;
  /** A statistical exit that matched only part of the position reduces it by this amount. */
  reducesPosition?: { opportunityId: string; amount: string };
}
