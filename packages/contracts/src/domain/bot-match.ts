import type { BotStrategy } from './bots.js';
import type { ExchangeId } from './exchanges.js';
import type { Opportunity, RiskLevel } from './market.js';
import { isBotPair } from './pairs.js';
import { botTransferBrl, rebalanceAt } from './rebalance-share.js';

/** What of a bot decides which opportunities it takes (a Set or anything with `has`). */
export interface BotFilter {
  strategy: BotStrategy;
  minProfitPercent: number;
  riskLevel: RiskLevel;
  exchanges: { has(exchange: ExchangeId): boolean };
  pairs: { has(pair: string): boolean };
  /**
   * 'Lucro mínimo após rebalanceamento' on: the transfer size (R$) its after-rebalancing profit is amortised over
   * (botRebalanceTransferBrl); absent or null: the net profit is the basis.
   */
  rebalanceTransferBrl?: string | null;
}

/** The transfer size of a bot whose minimum profit is after rebalancing (its capital per exchange), else null. */
export function botRebalanceTransferBrl(bot: {
  minProfitAfterRebalance?: boolean;
  maxInvestment: number | string;
  exchanges: readonly unknown[];
}): string | null {
  return bot.minProfitAfterRebalance ? botTransferBrl(bot.maxInvestment, bot.exchanges.length) : null;
}

/**
 * The % a bot compares with its minimum: the net profit, or with the setting on the profit after rebalancing at
 * the bot's transfer size — null when that is not available (no route for a transfer, an older engine's event):
 * such an opportunity is not taken, never treated as free.
 */
export function profitBasisPct(bot: Pick<BotFilter, 'rebalanceTransferBrl'>, o: Opportunity): number | null {
  if (bot.rebalanceTransferBrl == null) return o.netPct;
  if (!o.rebalance) return null;
  return rebalanceAt(o.rebalance, bot.rebalanceTransferBrl).afterPct;
}

/**
 * Does `o` fit the bot? Same strategy; every exchange of the opportunity among the bot's; every selectable pair
 * it trades (USDT pairs, BRL pairs) among the bot's pairs (a triangle's cross pair, e.g. ETH/BTC, is implied);
 * net profit (or, with the setting on, the profit after rebalancing) ≥ minProfitPercent; for statistical, |z| meets the bot's risk-level threshold (DECISIONS §8).
 * The engine's bot runner and the home's 'oportunidades para seus bots' count both use it.
 */
export function opportunityFitsBot(bot: BotFilter, o: Opportunity): boolean {
  if (bot.strategy !== o.strategy) return false;
  const basis = profitBasisPct(bot, o);
  if (basis === null || basis < bot.minProfitPercent) return false;
  for (const e of o.exchanges) if (!bot.exchanges.has(e)) return false;
  let anyPair = false;
  for (const s of o.symbols) {
    if (!isBotPair(s)) continue;
    if (!bot.pairs.has(s)) return false;
    anyPair = true;
  }
  if (!anyPair) return false;
  if (o.strategy === 'statistical' && !o.statistical?.riskLevels.includes(bot.riskLevel)) return false;
  return true;
}
