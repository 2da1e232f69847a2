import { z } from 'zod';
import {
  BACKTEST_LATENCY_MAX_MS,
  BACKTEST_MAX_DURATION_MS,
  BACKTEST_MIN_DURATION_MS,
  BACKTEST_REBALANCE_SKEW,
  BACKTEST_VOLATILITIES,
  type BacktestBotConfig,
  type BacktestSource,
  type ExecutionLatency,
} from '../domain/backtests.js';
import { MESSAGES } from '../messages/index.js';
import { parseBot } from './bots.js';
import { validateRequest, type ValidationResult } from './validation.js';

const M = MESSAGES.backtests;

/** A recording's file name: letters, digits, '.', '_' and '-', ending in .jsonl (never a path). */
export const RECORDING_FILE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,120}\.jsonl$/;

const sourceSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('simulated'),
      seed: z
        .number({ error: M.seedInvalid })
        .int(M.seedInvalid)
        .min(0, M.seedInvalid)
        .max(2_147_483_647, M.seedInvalid),
      durationMs: z
        .number({ error: M.durationInvalid })
        .int(M.durationInvalid)
        .min(BACKTEST_MIN_DURATION_MS, M.durationInvalid)
        .max(BACKTEST_MAX_DURATION_MS, M.durationInvalid),
      volatility: z.enum(BACKTEST_VOLATILITIES, { error: M.volatilityInvalid }),
    }),
    z.strictObject({
      kind: z.literal('replay'),
      file: z.string({ error: M.recordingNotFound }).regex(RECORDING_FILE_PATTERN, M.recordingNotFound),
    }),
  ],
  { error: M.sourceInvalid },
);

const latencyMs = z
  .number({ error: M.latencyInvalid })
  .int(M.latencyInvalid)
  .min(0, M.latencyInvalid)
  .max(BACKTEST_LATENCY_MAX_MS, M.latencyInvalid);
const latencySchema = z
  .strictObject({ p50Ms: latencyMs, p99Ms: latencyMs }, { error: M.latencyInvalid })
  .refine((l) => l.p99Ms >= l.p50Ms, M.latencyInvalid);

const requestSchema = z.strictObject({
  /** The saved bot this simulation comes from (its card's 'Simular'), or null from an unsaved form. */
  botId: z.uuid({ error: M.botNotFound }).nullable().optional(),
  /** The bot's configuration as on the form (validated by the bot form's own rules). */
  bot: z.record(z.string(), z.unknown(), { error: MESSAGES.validation.requiredField('bot') }),
  source: sourceSchema,
  /** 'Latência de execução'; absent or null: the platform's measured one (the engine's, else the default). */
  latency: latencySchema.nullable().optional(),
  /** 'Rebalancear quando o desvio passar de X %'; absent or null: off. */
  rebalanceSkewPercent: z
    .number({ error: M.rebalanceSkewInvalid })
    .min(BACKTEST_REBALANCE_SKEW.min, M.rebalanceSkewInvalid)
    .max(BACKTEST_REBALANCE_SKEW.max, M.rebalanceSkewInvalid)
    .nullable()
    .optional(),
});

export interface BacktestRequest {
  botId?: string | null;
  bot: BacktestBotConfig;
  source: BacktestSource;
  latency?: ExecutionLatency | null;
  rebalanceSkewPercent?: number | null;
}

export interface BacktestInput {
  botId: string | null;
  bot: BacktestBotConfig;
  source: BacktestSource;
}

/** What of the bot form a backtest runs (the rest of a saved bot's fields is ignored). */
const BOT_FIELDS = [
  'name',
  'strategy',
  'pairs',
  'exchanges',
  'riskLevel',
  'maxInvestment',
  'minProfitPercent',
  'minProfitAfterRebalance',
] as const;

/** POST /api/backtests: the bot part follows the bot form's rules (SPEC §5 order), then the source's. */
export function parseBacktestRequest(input: unknown): ValidationResult<BacktestInput> {
  const outer = validateRequest(requestSchema, input);
  if (!outer.success) return outer;
  const given = outer.data.bot;
  const bot = parseBot(Object.fromEntries(BOT_FIELDS.filter((k) => k in given).map((k) => [k, given[k]])));
  if (!bot.success) return bot;
  return {
    success: true,
    data: {
      botId: outer.data.botId ?? null,
      bot: {
        name: bot.data.name,
        strategy: bot.data.strategy,
        pairs: bot.data.pairs,
        exchanges: bot.data.exchanges,
        riskLevel: bot.data.riskLevel,
        maxInvestment: bot.data.maxInvestment,
        minProfitPercent: bot.data.minProfitPercent,
        ...(outer.data.latency ? { latency: outer.data.latency } : {}),
        ...(bot.data.minProfitAfterRebalance ? { minProfitAfterRebalance: true } : {}),
        ...(outer.data.rebalanceSkewPercent != null
          ? { rebalanceSkewPercent: outer.data.rebalanceSkewPercent }
          : {}),
      },
      source: outer.data.source,
    },
  };
}
