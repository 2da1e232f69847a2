import type { BotStrategy } from './bots.js';
import type { ExchangeId } from './exchanges.js';
import type { Opportunity, RiskLevel } from './market.js';
import { isBotPair } from './pairs.js';

/** What of a bot decides which opportunities it takes (a Set or anything with `has`). */
export interface BotFilter {
  strategy: BotStrategy;
  minProfitPercent: number;
  riskLevel: RiskLevel;
  exchanges: { has(exchange: ExchangeId): boolean };
  pairs: { has(pair: string): boolean };
}

/**
 * Does `o` fit the bot? Same strategy; every exchange of the opportunity among the bot's; every selectable pair
 * it trades (USDT pairs, BRL pairs) among the bot's pairs (a triangle's cross pair, e.g. ETH/BTC, is implied);
 * net profit ≥ minProfitPercent; for statistical, |z| meets the bot's risk-level threshold (DECISIONS §8).
 * The engine's bot runner and the home's 'oportunidades para seus bots' count both use it.
 */
export function opportunityFitsBot(bot: BotFilter, o: Opportunity): boolean {
  if (bot.strategy !== o.strategy) return false;
  if (o.netPct < bot.minProfitPercent) return false;
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
