import { roundForDisplay, type Bot, type BotInput } from '@arbitra/contracts';
import type { BotEntity } from '@arbitra/db';

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
    totalProfit: roundForDisplay(b.totalProfit, 2),
    profitPercent: roundForDisplay(b.profitPercent, 2),
    totalProfitExact: b.totalProfit,
    nakedExposure: b.nakedExposure ?? {},
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
  };
}

/** The columns a create and an update write from the request (status and its reason are the caller's). */
export function botColumns(input: BotInput) {
  return {
    name: input.name,
    strategy: input.strategy,
    pairs: input.pairs,
    exchanges: input.exchanges,
    riskLevel: input.riskLevel,
    maxInvestment: input.maxInvestment.toFixed(2),
    minProfitPercent: String(input.minProfitPercent),
    active: input.active,
    mode: input.mode,
  };
}
