import type { BotInput } from '@arbitra/contracts';

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
    minProfitAfterRebalance: input.minProfitAfterRebalance,
    active: input.active,
    mode: input.mode,
  };
}
