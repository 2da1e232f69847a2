import type { Bot } from '@arbitra/contracts';
import type { BotEntity } from '@arbitra/db';
import { round } from '../trades/trade.mapper.js';

export function toBot(b: BotEntity): Bot {
  return {
    id: b.id,
    name: b.name,
    strategy: b.strategy,
    pairs: b.pairs,
    exchanges: b.exchanges,
    riskLevel: b.riskLevel,
    maxInvestment: Number(b.maxInvestment),
    minProfitPercent: Number(b.minProfitPercent),
    active: b.active,
    status: b.status,
    statusReason: b.statusReason,
    mode: b.mode,
    totalTrades: b.totalTrades,
    totalProfit: round(b.totalProfit, 2),
    profitPercent: round(b.profitPercent, 2),
    totalProfitExact: b.totalProfit,
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
  };
}
