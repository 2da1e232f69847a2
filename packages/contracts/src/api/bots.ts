import { z } from 'zod';
import {
  BOT_DEFAULTS,
  BOT_MODES,
  BOT_STRATEGIES,
  RISK_LEVELS,
  type Bot,
  type BotDetail,
} from '../domain/bots.js';
import { EXCHANGE_IDS, type ExchangeId } from '../domain/exchanges.js';
import { BOT_PAIRS } from '../domain/pairs.js';
import { MESSAGES } from '../messages/index.js';
import { CONTROL_CHARACTERS, validateRequest, type ValidationResult } from './validation.js';

export const BOT_NAME_MAX = 80;
export const BOT_MAX_INVESTMENT_LIMIT = 1_000_000_000;

const M = MESSAGES.bots;

const uniq = <T>(values: readonly T[]): T[] => [...new Set(values)];

/**
 * POST /api/bots and PUT /api/bots/:id. Fields in SPEC §5's order so the first message is SPEC's:
 * name, pairs, exchanges, maxInvestment, minProfitPercent; then the choices with SPEC §9's defaults.
 * `confirmLive: true` is required with mode 'live' (DECISIONS §8: live is opt-in after a confirmation).
 */
export const botRequestSchema = z
  .strictObject({
    name: z
      .string({ error: M.nameRequired })
      .trim()
      .min(1, M.nameRequired)
      .max(BOT_NAME_MAX, M.nameTooLong)
      .refine((v) => !CONTROL_CHARACTERS.test(v), M.nameRequired),
    pairs: z
      .array(z.enum(BOT_PAIRS, { error: M.pairInvalid }), { error: M.pairsRequired })
      .max(BOT_PAIRS.length * 2, M.pairInvalid)
      .transform((v) => uniq(v))
      .refine((v) => v.length >= 1, M.pairsRequired),
    exchanges: z
      .array(z.enum(EXCHANGE_IDS as [ExchangeId, ...ExchangeId[]], { error: M.exchangeInvalid }), {
        error: M.exchangesRequired,
      })
      .max(EXCHANGE_IDS.length * 2, M.exchangeInvalid)
      .transform((v) => uniq(v))
      .refine((v) => v.length >= 2, M.exchangesRequired),
    maxInvestment: z
      .number({ error: M.maxInvestmentPositive })
      .gt(0, M.maxInvestmentPositive)
      .max(BOT_MAX_INVESTMENT_LIMIT, M.maxInvestmentTooLarge)
      .transform((v) => Number(`${Math.round(Number(`${v}e2`))}e-2`)) // to the cent, on the decimal text
      .refine((v) => v > 0, M.maxInvestmentPositive),
    minProfitPercent: z
      .number({ error: M.minProfitPositive })
      .gt(0, M.minProfitPositive)
      .max(100, M.minProfitTooLarge),
    minProfitAfterRebalance: z
      .boolean({ error: M.minProfitAfterRebalanceInvalid })
      .default(BOT_DEFAULTS.minProfitAfterRebalance),
    strategy: z.enum(BOT_STRATEGIES, { error: M.strategyInvalid }).default(BOT_DEFAULTS.strategy),
    riskLevel: z.enum(RISK_LEVELS, { error: M.riskInvalid }).default(BOT_DEFAULTS.riskLevel),
    active: z.boolean({ error: MESSAGES.validation.invalidField('active') }).default(BOT_DEFAULTS.active),
    mode: z.enum(BOT_MODES, { error: M.modeInvalid }).default(BOT_DEFAULTS.mode),
    confirmLive: z.boolean({ error: MESSAGES.validation.invalidField('confirmLive') }).optional(),
  })
  .refine((d) => d.mode !== 'live' || d.confirmLive === true, {
    message: M.liveConfirmRequired,
    path: ['confirmLive'],
  });

/**
 * GET /api/bots/:id query. `liveChecklist=true` adds 'Pronto para operar ao vivo' for the bot's exchanges and pairs
 * (an engine asks each exchange: seconds, not milliseconds).
 */
export const botDetailQuerySchema = z.strictObject({
  liveChecklist: z
    .enum(['true', 'false'], { error: MESSAGES.validation.invalidField('liveChecklist') })
    .optional()
    .transform((v) => v === 'true'),
  /**
   * `include=inventory,rebalance` (either or both): the bot's 'Inventário' (history, skew, forecast, paused
   * directions) and its rebalancing plan with its transfers (issue 29).
   */
  include: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',') : []))
    .pipe(z.array(z.enum(['inventory', 'rebalance'], { error: MESSAGES.validation.invalidField('include') }))),
});
export type BotDetailQuery = z.output<typeof botDetailQuerySchema>;

/** GET /api/bots `?view=rebalance`: the account's rebalancing plan (every bot) instead of the list. */
export const botListQuerySchema = z.strictObject({
  view: z.enum(['rebalance'], { error: MESSAGES.validation.invalidField('view') }).optional(),
});
export type BotListQuery = z.output<typeof botListQuerySchema>;

/** POST /api/bots/:id: an action on the bot. 'rebalance' executes a paper bot's plan; `key` makes a retry harmless. */
export const botActionSchema = z.strictObject({
  action: z.enum(['rebalance'], { error: MESSAGES.rebalance.actionInvalid }),
  key: z
    .string({ error: MESSAGES.rebalance.keyRequired })
    .trim()
    .min(1, MESSAGES.rebalance.keyRequired)
    .max(100, MESSAGES.rebalance.keyRequired),
});
export type BotAction = z.output<typeof botActionSchema>;

export type BotRequest = z.input<typeof botRequestSchema>;
export type BotInput = z.output<typeof botRequestSchema>;

/** The form's and the API's one rule set (SPEC §5 order): null when valid, else the ONE message to show. */
export function validateBot(input: unknown): string | null {
  const result = validateRequest(botRequestSchema, input);
  return result.success ? null : result.message;
}

export function parseBot(input: unknown): ValidationResult<BotInput> {
  return validateRequest(botRequestSchema, input);
}

/** GET /api/bots answers Bot[]; POST/PUT answer { message, bot }; toggle answers { message, bot }. */
export interface BotMutationResponse {
  message: string;
  bot: Bot;
}

export type BotDetailResponse = BotDetail;
