import { EXCHANGE_IDS, PAIRS } from '@arbitra/contracts';

/** A paper bot that trades whatever the market offers: every pair and exchange, high risk, 0,01 % minimum, started. */
export function tradeEverythingBot(name: string) {
  return {
    name,
    pairs: [...PAIRS],
    exchanges: [...EXCHANGE_IDS],
    riskLevel: 'high',
    maxInvestment: 100000,
    minProfitPercent: 0.01,
    active: true,
  };
}
