import { z } from 'zod';

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
  REPLAY_FILE: optional,
  ENGINE_INSTANCE_ID: optional,
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
  if (parsed.data.MARKET_FEED === 'replay' && !parsed.data.REPLAY_FILE) {
    throw new ConfigError('Configuração inválida do engine:\n  - REPLAY_FILE: obrigatório quando MARKET_FEED=replay');
  }
  return parsed.data;
}

export const ENGINE_CONFIG = Symbol('ENGINE_CONFIG');
