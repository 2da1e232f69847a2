import { Decimal } from 'decimal.js';
import type { Trade } from '@arbitra/contracts';
import type { TradeEntity } from '@arbitra/db';

/** A rounded number for display (the exact figure stays in the database). */
export const round = (value: string | Decimal, places: number): number =>
  new Decimal(value).toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toNumber();

/** Row (entity or raw snake_case row) → the API's Trade. */
export function toTrade(t: TradeEntity): Trade {
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
    profit: round(t.profit, 2),
    profitPercent: round(t.profitPercent, 4),
    expectedProfit: round(t.expectedProfit, 2),
    expectedProfitPercent: round(t.expectedProfitPercent, 4),
    status: t.status,
    failureReason: t.failureReason,
    mode: t.mode,
    executedAt: t.executedAt.toISOString(),
  };
}
