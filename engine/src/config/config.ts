import { z } from 'zod';
import { BACKTEST_VOLATILITIES } from '@arbitra/contracts';
import { CREDENTIALS_KEYS_REQUIRED, credentialsKeysField } from '@arbitra/db';

const optional = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

/** The engine's configuration, parsed once at boot. */
export const engineConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z.string().min(1, 'DATABASE_URL é obrigatória (postgres://...)'),
  REDIS_URL: optional,
  TRANSPORT_NAMESPACE: optional,
  MARKET_FEED: z.enum(['simulated', 'replay', 'ccxt']).default('simulated'),
  MARKET_SEED: z.coerce.number().int().default(42),
  /** The simulated market's regime (SIMULATED_REGIMES): 'normal' (default), 'calm' or 'agitated' (tests, demos). */
  MARKET_VOLATILITY: z.enum(BACKTEST_VOLATILITIES).default('normal'),
  REPLAY_FILE: optional,
  /** 'recorded' (default), 'fast' or a speed multiplier. */
  REPLAY_SPEED: optional,
  REPLAY_LOOP: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  /** Several engines replaying one market: the shared wall time (ms) the replay starts at. */
  REPLAY_EPOCH_MS: z.coerce.number().int().positive().optional(),
  /** Random receipt delay of each replayed update, 0..n ms, independent per engine (as live connections). */
  REPLAY_JITTER_MS: z.coerce.number().int().min(0).max(5_000).default(0),
  /** A book older than this is left out of detection and its exchange shown degraded. */
  MARKET_STALE_AFTER_MS: z.coerce.number().int().min(250).default(5_000),
  ENGINE_INSTANCE_ID: optional,
  /** Bot and publisher leases: renewed every LEASE_TICK_MS, lost without renewal after LEASE_TTL_MS (Redis). */
  LEASE_TICK_MS: z.coerce.number().int().min(100).max(10_000).default(1_000),
  LEASE_TTL_MS: z.coerce.number().int().min(500).max(60_000).default(5_000),
  /** Exchange credentials (decrypted only to check them or to place an order): same value as the api's. */
  CREDENTIALS_KEYS: credentialsKeysField(),
  /** ccxt timeout of a credential check with the exchange. */
  CREDENTIAL_CHECK_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(8_000),
  /** Where ccxt reaches each exchange's REST API instead of its public host (JSON exchange → origin; tests, proxies). */
  EXCHANGE_API_ORIGINS: optional,
  /** How often the transfer-fee table is read from the exchanges when the engine can reach them (ms; 0 = never). */
  TRANSFER_FEES_REFRESH_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(6 * 3600_000),
  /** A 'pending' trade older than this is taken for an executor that died mid-job, and recovered. */
  EXECUTION_RECOVERY_AFTER_MS: z.coerce.number().int().min(1_000).default(120_000),
  /** How often pending trades left by a dead executor are looked for (the recovery sweep; tests shorten it). */
  EXECUTION_RECOVERY_SWEEP_MS: z.coerce.number().int().min(250).max(600_000).default(10_000),
  /** Paper mode's simulated order round trip (0: orders fill at once against the current book). */
  PAPER_ORDER_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** Backtests one engine runs at the same time (each takes a core while it runs). */
  BACKTEST_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** Folder of the replay files backtests may use (default: data/recordings of the repository). */
  RECORDINGS_DIR: optional,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type EngineConfig = z.infer<typeof engineConfigSchema>;

export class ConfigError extends Error {}

export function parseEngineConfig(env: NodeJS.ProcessEnv = process.env): EngineConfig {
  const parsed = engineConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Configuração inválida do engine:\n${lines.join('\n')}`);
  }
  if (parsed.data.NODE_ENV === 'production' && !parsed.data.CREDENTIALS_KEYS) {
    throw new ConfigError(`Configuração inválida do engine:\n  - ${CREDENTIALS_KEYS_REQUIRED}`);
  }
  if (parsed.data.MARKET_FEED === 'replay' && !parsed.data.REPLAY_FILE) {
    throw new ConfigError(
      'Configuração inválida do engine:\n  - REPLAY_FILE: obrigatório quando MARKET_FEED=replay',
    );
  }
  return parsed.data;
}

export const ENGINE_CONFIG = Symbol('ENGINE_CONFIG');
