import { z } from 'zod';
import { BOT_STRATEGIES, type BotStrategy } from '../domain/bots.js';
import { isExchangeId } from '../domain/exchanges.js';
import { isBotPair } from '../domain/pairs.js';
import { MESSAGES } from '../messages/index.js';

const invalid = MESSAGES.market.historyInvalidFilter;

/** 'a, b,a' → ['a', 'b']. */
export const splitList = (v: string): string[] => [
  ...new Set(
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

const list = (is: (v: string) => boolean) =>
  z
    .string({ error: invalid })
    .max(500, invalid)
    .refine((v) => splitList(v).length > 0 && splitList(v).every(is), invalid);

/** GET /api/market/opportunity-history: a bot filter (pairs and exchanges comma-separated). */
export const opportunityHistoryQuerySchema = z.strictObject({
  strategy: z.enum(BOT_STRATEGIES, { error: invalid }).default('arbitrage'),
  pairs: list(isBotPair),
  exchanges: list(isExchangeId),
});

export type OpportunityHistoryQuery = z.output<typeof opportunityHistoryQuerySchema>;

/** The query as the filter it names. */
export function opportunityHistoryFilter(q: OpportunityHistoryQuery): {
  strategy: BotStrategy;
  pairs: string[];
  exchanges: string[];
} {
  return { strategy: q.strategy, pairs: splitList(q.pairs), exchanges: splitList(q.exchanges) };
}
