import { z } from 'zod';
import { BOT_STRATEGIES } from '../domain/bots.js';
import { isExchangeId, type ExchangeId } from '../domain/exchanges.js';
import { isBotPair } from '../domain/pairs.js';
import { MESSAGES } from '../messages/index.js';

const invalid = MESSAGES.market.historyInvalidFilter;
const list = <T extends string>(is: (v: string) => v is T) =>
  z
    .string({ error: invalid })
    .max(500, invalid)
    .transform((v) => [...new Set(v.split(',').map((s) => s.trim()).filter(Boolean))])
    .refine((l): l is T[] => l.length > 0 && l.every(is), invalid);

/** GET /api/market/opportunity-history: a bot filter (pairs and exchanges comma-separated). */
export const opportunityHistoryQuerySchema = z.strictObject({
  strategy: z.enum(BOT_STRATEGIES, { error: invalid }).default('arbitrage'),
  pairs: list(isBotPair),
  exchanges: list((v: string): v is ExchangeId => isExchangeId(v)),
});

export type OpportunityHistoryQuery = z.output<typeof opportunityHistoryQuerySchema>;
