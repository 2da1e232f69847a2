import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { CREDENTIALS_KEYS_REQUIRED, credentialsKeysField } from '@arbitra/db';

const optional = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

/** A rate limit written 'hits/window', e.g. '10/15m' (s, m or h; bare number = seconds). */
export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600 };

function rateLimit(fallback: string) {
  return z
    .string()
    .default(fallback)
    .transform((v, ctx): RateLimitRule => {
      const m = /^\s*(\d+)\s*\/\s*(\d+)\s*([smh]?)\s*$/.exec(v);
      if (!m) {
        ctx.addIssue({ code: 'custom', message: `limite inválido '${v}': use o formato tentativas/janela, por exemplo 10/15m` });
        return z.NEVER;
      }
      return { limit: Number(m[1]), windowSeconds: Number(m[2]) * (UNIT_SECONDS[m[3] || 's'] ?? 1) };
    })
    .refine((r) => r.limit >= 1 && r.windowSeconds >= 1, 'o limite e a janela devem ser maiores que zero');
}

/** The api's configuration, parsed once at boot (ARCHITECTURE conventions §4). */
export const apiConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().min(1, 'DATABASE_URL é obrigatória (postgres://...)'),
  REDIS_URL: optional,
  TRANSPORT_NAMESPACE: optional,
  JWT_SECRET: z.string().min(32, 'JWT_SECRET deve ter pelo menos 32 caracteres'),
  APP_URL: optional,
  WEB_DIST_DIR: z.string().default(fileURLToPath(new URL('../../../web/dist', import.meta.url))),
  SMTP_URL: optional,
  MAIL_FROM: z.string().default('Arbitra <nao-responda@arbitra.com.br>'),
  /** Key for TOTP secrets (AES-256-GCM) and backup-code hashes; derived from JWT_SECRET when absent. Set it in production. */
  TWO_FACTOR_KEY: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined))
    .refine((v) => v === undefined || v.length >= 32, 'TWO_FACTOR_KEY deve ter pelo menos 32 caracteres'),
  /** Exchange credentials at rest (AES-256-GCM): 'k1:<base64 32 bytes>[,k2:...]', the first is current. */
  CREDENTIALS_KEYS: credentialsKeysField(),
  /** Rate limits (Postgres-backed, shared by every api instance): 'tentativas/janela'. */
  RATE_LIMIT_LOGIN_IP: rateLimit('30/15m'),
  RATE_LIMIT_LOGIN_ACCOUNT: rateLimit('10/15m'),
  RATE_LIMIT_REGISTER_IP: rateLimit('10/1h'),
  RATE_LIMIT_FORGOT_IP: rateLimit('10/1h'),
  RATE_LIMIT_FORGOT_ACCOUNT: rateLimit('5/1h'),
  RATE_LIMIT_TWO_FACTOR_IP: rateLimit('30/15m'),
  RATE_LIMIT_TWO_FACTOR_ACCOUNT: rateLimit('10/15m'),
  /** How often ended trials/periods are marked past_due (ms; 0 = never, the status is still computed on read). */
  SUBSCRIPTION_SWEEP_MS: z.coerce.number().int().min(0).default(60_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type ApiConfig = z.infer<typeof apiConfigSchema> & { appUrl: string };

export class ConfigError extends Error {}

export function parseApiConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const parsed = apiConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Configuração inválida da api:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.NODE_ENV === 'production' && !c.CREDENTIALS_KEYS) {
    throw new ConfigError(`Configuração inválida da api:\n  - ${CREDENTIALS_KEYS_REQUIRED}`);
  }
  return { ...c, appUrl: c.APP_URL ?? `http://localhost:${c.PORT}` };
}

/** Injection token for ApiConfig. */
export const API_CONFIG = Symbol('API_CONFIG');
