import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const optional = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

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
  return { ...c, appUrl: c.APP_URL ?? `http://localhost:${c.PORT}` };
}

/** Injection token for ApiConfig. */
export const API_CONFIG = Symbol('API_CONFIG');
