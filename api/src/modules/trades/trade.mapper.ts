import { roundForDisplay, type Trade } from '@arbitra/contracts';
import type { TradeEntity } from '@arbitra/db';

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
    profit: roundForDisplay(t.profit, 2),
    profitPercent: roundForDisplay(t.profitPercent, 4),
    expectedProfit: roundForDisplay(t.expectedProfit, 2),
    expectedProfitPercent: roundForDisplay(t.expectedProfitPercent, 4),
    status: t.status,
    failureReason: t.failureReason,
    mode: t.mode,
    executedAt: t.executedAt.toISOString(),
  };
}
