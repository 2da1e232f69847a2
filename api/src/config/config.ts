import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { MERCADOPAGO_SDK_URL } from '@arbitra/contracts';
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
        ctx.addIssue({
          code: 'custom',
          message: `limite inválido '${v}': use o formato tentativas/janela, por exemplo 10/15m`,
        });
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
  /** Folder of the replay files a backtest may use (default: data/recordings of the repository; same as the engine's). */
  RECORDINGS_DIR: optional,
  TRANSPORT_NAMESPACE: optional,
  JWT_SECRET: z.string().min(32, 'JWT_SECRET deve ter pelo menos 32 caracteres'),
  APP_URL: optional,
  /** Bearer token Prometheus sends to /metrics; without it /metrics answers 403 to everyone. */
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined))
    .refine((v) => v === undefined || v.length >= 16, 'METRICS_TOKEN deve ter pelo menos 16 caracteres'),
  /**
   * Which proxies in front of the api may set X-Forwarded-For (express 'trust proxy'): unset = none,
   * the TCP peer is the client. A hop count ('1'), 'loopback', or addresses/CIDRs separated by commas.
   */
  TRUST_PROXY: optional.transform((v): boolean | number | string => {
    if (v === undefined || v === 'false') return false;
    if (/^\d+$/.test(v)) return Number(v);
    return v;
  }),
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
  /** Wrong passwords on one account from one address: over it, that address gets 429 for that account. */
  RATE_LIMIT_LOGIN_ACCOUNT_IP: rateLimit('10/15m'),
  /**
   * Wrong passwords on one account from every address: over it, logins to the account from addresses
   * it was never used from are slowed down (a growing delay), never refused, so no one can lock the owner out.
   */
  RATE_LIMIT_LOGIN_ACCOUNT: rateLimit('10/15m'),
  /** Password confirmations of a signed-in user (password change, account deletion). */
  RATE_LIMIT_PASSWORD_CONFIRM: rateLimit('10/15m'),
  /** Reset links tried (check and reset) per address. */
  RATE_LIMIT_RESET_IP: rateLimit('20/15m'),
  RATE_LIMIT_REGISTER_IP: rateLimit('10/1h'),
  RATE_LIMIT_FORGOT_IP: rateLimit('10/1h'),
  RATE_LIMIT_FORGOT_ACCOUNT: rateLimit('5/1h'),
  RATE_LIMIT_TWO_FACTOR_IP: rateLimit('30/15m'),
  RATE_LIMIT_TWO_FACTOR_ACCOUNT: rateLimit('10/15m'),
  /**
   * Interval of the billing job (a repeatable BullMQ job, one run at a time across processes): ended
   * trials/periods → past_due/canceled, renewals, expired PIX/boleto (ms; 0 = no job, the status is still
   * computed on read).
   */
  SUBSCRIPTION_SWEEP_MS: z.coerce.number().int().min(0).default(60_000),
  /**
   * Payment provider: 'mercadopago', or 'sandbox' (no real money: anyone approves their own payment). Chosen
   * explicitly: `npm start` and the tests choose 'sandbox'; an api started with NODE_ENV=production without it
   * refuses to start (PAYMENTS_PROVIDER_REQUIRED). Outside production an unset value means 'sandbox'.
   */
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'mercadopago']).optional(),
  /**
   * The secret that signs webhook notifications (x-signature): Mercado Pago's "assinatura secreta" in
   * production; for the sandbox, derived from JWT_SECRET when absent (every api process agrees).
   */
  PAYMENTS_WEBHOOK_SECRET: optional,
  MERCADOPAGO_ACCESS_TOKEN: optional,
  /** Mercado Pago's public key, for card tokenisation in the browser (@mercadopago/sdk-js). */
  MERCADOPAGO_PUBLIC_KEY: optional,
  /** Base URL of the Mercado Pago API (tests point it at a local HTTP double). */
  MERCADOPAGO_API_URL: z.string().url().default('https://api.mercadopago.com'),
  /** The browser SDK (MercadoPago.js v2) the payment page loads; tests point it at a local double. */
  MERCADOPAGO_SDK_URL: z.string().url().default(MERCADOPAGO_SDK_URL),
  /** The PIX key, name and city of the receiving account (BR Code of the sandbox). */
  PIX_KEY: z.string().default('pagamentos@arbitra.com.br'),
  PIX_MERCHANT_NAME: z.string().default('ARBITRA TECNOLOGIA'),
  PIX_MERCHANT_CITY: z.string().default('SAO PAULO'),
  /** The company on invoices. */
  COMPANY_NAME: z.string().default('Arbitra Tecnologia Ltda.'),
  /** e.g. 'CNPJ 12.345.678/0001-90'; omitted from invoices when unset. */
  COMPANY_TAX_ID: optional,
  COMPANY_ADDRESS: z.string().default('São Paulo, SP, Brasil'),
  /** The contact form, per IP (issue 16). */
  RATE_LIMIT_CONTACT_IP: rateLimit('5/1h'),
  /** Newsletter sign-ups (issue 16), per IP and per address (no inbox is flooded with confirmation emails). */
  RATE_LIMIT_NEWSLETTER_IP: rateLimit('10/1h'),
  RATE_LIMIT_NEWSLETTER_EMAIL: rateLimit('3/24h'),
  /** Where the contact form's messages are emailed (the support inbox). */
  SUPPORT_EMAIL: z.string().email().default('suporte@arbitra.com.br'),
  /** Telegram notifications (issue 16): the platform bot's token (from @BotFather). Absent: no Telegram channel. */
  TELEGRAM_BOT_TOKEN: optional,
  /** The Bot API's root (default https://api.telegram.org); tests point it at a local double. */
  TELEGRAM_API_ROOT: optional,
  /** This api instance reads the bot's messages (the link codes) by long polling. Only one instance may poll. */
  TELEGRAM_POLLING: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Rate limit of bursty notifications: one message per user, channel and topic per window (seconds). */
  NOTIFICATION_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  /** How often the daily summary's clock is checked (ms; 0 = never). It runs once per day after 20:00 São Paulo. */
  DAILY_SUMMARY_TICK_MS: z.coerce.number().int().min(0).default(60_000),
  /**
   * Paper transfers ('Rebalancear', issue 29) arrive after this many seconds instead of their network's expected
   * minutes from the transfer-fee table (tests and demos only; unset in production).
   */
  PAPER_TRANSFER_SECONDS: z.coerce.number().min(0).max(86_400).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type ApiConfig = Omit<z.infer<typeof apiConfigSchema>, 'PAYMENTS_PROVIDER'> & {
  PAYMENTS_PROVIDER: 'sandbox' | 'mercadopago';
  appUrl: string;
};

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
  if (c.NODE_ENV === 'production' && !c.PAYMENTS_PROVIDER) {
    throw new ConfigError(`Configuração inválida da api:\n  - ${PAYMENTS_PROVIDER_REQUIRED}`);
  }
  return {
    ...c,
    PAYMENTS_PROVIDER: c.PAYMENTS_PROVIDER ?? 'sandbox',
    appUrl: c.APP_URL ?? `http://localhost:${c.PORT}`,
  };
}

/** Why an api for production without a chosen payment provider does not start. */
export const PAYMENTS_PROVIDER_REQUIRED =
  'PAYMENTS_PROVIDER: defina o provedor de pagamentos. Em produção use PAYMENTS_PROVIDER=mercadopago (com MERCADOPAGO_ACCESS_TOKEN, MERCADOPAGO_PUBLIC_KEY e PAYMENTS_WEBHOOK_SECRET); PAYMENTS_PROVIDER=sandbox só para testar sem dinheiro real — nele qualquer usuário aprova o próprio pagamento.';

/** Injection token for ApiConfig. */
export const API_CONFIG = Symbol('API_CONFIG');
