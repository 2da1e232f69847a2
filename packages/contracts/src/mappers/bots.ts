import { roundForDisplay } from '../domain/decimal-display.js';
import { brlForDisplay, tradeQuote, usdtToBrl } from '../domain/trade-brl.js';
import { tradeRebalanceShare } from '../domain/rebalance-share.js';
import { SHIPPED_TRANSFER_FEES } from '../domain/transfer-fees.js';
import type { Bot, BotStatusEvent, Trade } from '../domain/bots.js';
import type { TradeFigures } from '../domain/executions.js';

/**
 * The wire mappers of bots and trades: one per type, used by whoever sends it (the api's REST answers and the
 * engine's socket events). Inputs are structural: a TypeORM entity, a ledger record or a repository row fits.
 * Stored money is an exact decimal string; the wire carries it rounded for display (DECISIONS §9).
 */

/** What a trade needs to go on the wire (TradeEntity, or the executor's ExecutionRecord with its id). */
export type TradeFields = Omit<
  Trade,
  | 'buyPrice'
  | 'sellPrice'
  | 'amount'
  | 'profit'
  | 'profitPercent'
  | 'expectedProfit'
  | 'expectedProfitPercent'
  | 'executedAt'
  | 'quote'
  | 'profitUsdt'
  | 'profitBrl'
  | 'feesBrl'
  | 'volumeBrl'
  | 'expectedProfitBrl'
  | 'rebalance'
> &
  TradeFigures & {
    executedAt: Date;
    /** The stored R$ figures (exact). */
    profitBrl: string;
    feesBrl: string;
    volumeBrl: string;
  };

/** A trade as the API and 'trade:new' send it. */
export function toTrade(t: TradeFields): Trade {
  return {
    id: t.id,
    botId: t.botId,
    botName: t.botName,
    strategy: t.strategy,
    pair: t.pair,
    buyExchange: t.buyExchange,
    sellExchange: t.sellExchange,
    buyPrice: Number(t.buyPrice),
    sellPrice: Number(t.sellPrice),
    amount: Number(t.amount),
    profit: roundForDisplay(t.profit, 2),
    profitPercent: roundForDisplay(t.profitPercent, 4),
    expectedProfit: roundForDisplay(t.expectedProfit, 2),
    expectedProfitPercent: roundForDisplay(t.expectedProfitPercent, 4),
    status: t.status,
    failureReason: t.failureReason,
    mode: t.mode,
    executedAt: t.executedAt.toISOString(),
    quote: tradeQuote(t.pair),
    profitUsdt: roundForDisplay(t.profit, 2),
    usdtBrl: t.usdtBrl,
    profitBrl: brlForDisplay(t.profitBrl),
    feesBrl: brlForDisplay(t.feesBrl),
    volumeBrl: brlForDisplay(t.volumeBrl),
    expectedProfitBrl: brlForDisplay(usdtToBrl(t.expectedProfit, t.usdtBrl)),
    // computed on read from the stored figures (issue 29): completed trades only (a failed one moved nothing)
    rebalance:
      t.status === 'completed'
        ? tradeRebalanceShare(
            {
              strategy: t.strategy,
              pair: t.pair,
              buyExchange: t.buyExchange,
              sellExchange: t.sellExchange,
              amount: t.amount,
              buyPrice: t.buyPrice,
              usdtBrl: t.usdtBrl,
              profitBrl: t.profitBrl,
              volumeBrl: t.volumeBrl,
            },
            SHIPPED_TRANSFER_FEES,
          )
        : null,
  };
}

/** What a bot's status needs (the ledger's BotTotals, BotsRepository.statusOf). */
export interface BotStatusFields {
  botId: string;
  status: BotStatusEvent['status'];
  active: boolean;
  statusReason: string | null;
  totalTrades: number;
  totalProfit: string;
  totalProfitBrl: string;
  profitPercent: string;
}

/** 'bot:status' (to the owner's room). */
export function toBotStatusEvent(b: BotStatusFields, at: number = Date.now()): BotStatusEvent {
  return {
    botId: b.botId,
    status: b.status,
    active: b.active,
    statusReason: b.statusReason,
    totalTrades: b.totalTrades,
    totalProfit: roundForDisplay(b.totalProfit, 2),
    totalProfitBrl: brlForDisplay(b.totalProfitBrl),
    profitPercent: roundForDisplay(b.profitPercent, 2),
    at,
  };
}

/** What a bot needs to go on the wire (BotEntity). */
export type BotFields = Omit<
  Bot,
  | 'maxInvestment'
  | 'minProfitPercent'
  | 'totalProfit'
  | 'profitPercent'
  | 'totalProfitExact'
  | 'totalProfitBrl'
  | 'nakedExposure'
  | 'createdAt'
  | 'updatedAt'
> & {
  maxInvestment: string;
  minProfitPercent: string;
  totalProfit: string;
  totalProfitBrl: string;
  profitPercent: string;
  nakedExposure: Record<string, string> | null;
  createdAt: Date;
  updatedAt: Date;
};

/** A bot as the API answers it. */
export function toBot(b: BotFields): Bot {
  return {
    id: b.id,
    name: b.name,
    strategy: b.strategy,
    pairs: b.pairs,
    exchanges: b.exchanges,
    riskLevel: b.riskLevel,
    maxInvestment: Number(b.maxInvestment),
    minProfitPercent: Number(b.minProfitPercent),
    minProfitAfterRebalance: b.minProfitAfterRebalance,
    active: b.active,
    status: b.status,
    statusReason: b.statusReason,
    mode: b.mode,
    totalTrades: b.totalTrades,
    totalProfit: roundForDisplay(b.totalProfit, 2),
    profitPercent: roundForDisplay(b.profitPercent, 2),
    totalProfitExact: b.totalProfit,
    totalProfitBrl: brlForDisplay(b.totalProfitBrl),
    nakedExposure: b.nakedExposure ?? {},
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
  };
}
