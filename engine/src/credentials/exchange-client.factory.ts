import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Exchange } from 'ccxt';
import { EXCHANGE_IDS, exchangeInfo, type ExchangeId } from '@arbitra/contracts';
import type { RateBudget } from '@arbitra/transport';

/** What ccxt needs to sign: `password` is ccxt's name for the passphrase. */
export interface ExchangeClientCredentials {
  apiKey: string;
  secret: string;
  password?: string | undefined;
}

export interface ExchangeClientOptions {
  /** ccxt's request timeout (ms): short, so an unreachable exchange answers quickly. */
  timeoutMs: number;
}

/**
 * Builds an authenticated ccxt client for one exchange. Injectable (token EXCHANGE_CLIENT_FACTORY):
 * tests pass a factory returning a ccxt SUBCLASS that answers as the exchange would.
 */
export type ExchangeClientFactory = (
  exchange: ExchangeId,
  credentials: ExchangeClientCredentials,
  options: ExchangeClientOptions,
) => Promise<Exchange>;

export const EXCHANGE_CLIENT_FACTORY = Symbol('EXCHANGE_CLIENT_FACTORY');

export type CcxtModule = typeof import('ccxt');
let ccxtModule: Promise<CcxtModule> | undefined;

/** ccxt costs ~0.4 s and ~100 MB to load: once per process, on first use. */
export function loadCcxt(): Promise<CcxtModule> {
  ccxtModule ??= import('ccxt');
  return ccxtModule;
}

type ExchangeConstructor = new (config: Record<string, unknown>) => Exchange;

/** ccxt settings of an authenticated client: spot only, no retries of its own, short timeout. */
export function ccxtClientConfig(
  credentials: ExchangeClientCredentials,
  options: ExchangeClientOptions,
): Record<string, unknown> {
  return {
    apiKey: credentials.apiKey,
    secret: credentials.secret,
    ...(credentials.password ? { password: credentials.password } : {}),
    timeout: options.timeoutMs,
    enableRateLimit: true,
    options: { defaultType: 'spot', fetchMarkets: { types: ['spot'] } },
  };
}

/** Where each exchange's REST API is served instead of its public host (EXCHANGE_API_ORIGINS): exchange → origin. */
export type ExchangeApiOrigins = Partial<Record<ExchangeId, string>>;

/**
 * EXCHANGE_API_ORIGINS, a JSON object such as {"binance":"http://127.0.0.1:9101"}: the origin (scheme, host, port)
 * that replaces the exchange's own in every URL of ccxt's `urls.api` (paths kept). For a local exchange double in
 * tests and for an operator behind a forwarding proxy; unset in production, where ccxt talks to the exchanges.
 */
export function parseApiOrigins(raw: string | undefined): ExchangeApiOrigins {
  if (!raw?.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error('EXCHANGE_API_ORIGINS deve ser um objeto JSON, ex.: {"binance":"http://127.0.0.1:9101"}');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error('EXCHANGE_API_ORIGINS deve ser um objeto JSON de exchange → origem');
  const out: ExchangeApiOrigins = {};
  for (const [k, v] of Object.entries(parsed)) {
    if (!(EXCHANGE_IDS as readonly string[]).includes(k))
      throw new Error(`EXCHANGE_API_ORIGINS: exchange desconhecida '${k}' (use ${EXCHANGE_IDS.join(', ')})`);
    if (typeof v !== 'string' || !/^https?:\/\/[^/]+$/.test(v))
      throw new Error(`EXCHANGE_API_ORIGINS: origem inválida para ${k} (esperado http(s)://host:porta)`);
    out[k as ExchangeId] = v;
  }
  return out;
}

/**
 * Every URL string of ccxt's `urls.api` (nested per API family) served from `origin`, paths kept. The one origin
 * rewrite: EXCHANGE_API_ORIGINS (createCcxtClientFactory) and the local exchanges' in-process `pointAt` use it.
 */
export function pointApiAt(client: Exchange, origin: string): Exchange {
  const rewrite = (v: unknown): unknown => {
    if (typeof v === 'string') return v.replace(/^https?:\/\/[^/]+/, origin);
    if (typeof v === 'object' && v !== null)
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, rewrite(x)]));
    return v;
  };
  const urls = client.urls as unknown as { api: unknown };
  urls.api = rewrite(urls.api);
  return client;
}

/** The real factory: the ccxt class of the exchange (contracts EXCHANGES.ccxtId), at `origins` when given. */
export function createCcxtClientFactory(origins: ExchangeApiOrigins = {}): ExchangeClientFactory {
  return async (exchange, credentials, options) => {
    const ccxt = (await loadCcxt()).default as unknown as Record<string, unknown>;
    const Ctor = ccxt[exchangeInfo(exchange).ccxtId] as ExchangeConstructor | undefined;
    if (typeof Ctor !== 'function') throw new Error(`ccxt has no exchange ${exchangeInfo(exchange).ccxtId}`);
    const client = new Ctor(ccxtClientConfig(credentials, options));
    // Mercado Bitcoin's Trade API refuses a tapi_nonce not greater than the key's last one; ccxt's mercado sends
    // seconds, so two clients of one key (the validator's and a bot's, two bots) collide within a second.
    // Milliseconds keep increasing past any earlier nonce of seconds.
    if (exchange === 'mercadobitcoin') client.nonce = () => client.milliseconds();
    const origin = origins[exchange];
    if (origin) pointApiAt(client, origin);
    return client;
  };
}

/** The real factory at the exchanges' own hosts. */
export const ccxtClientFactory: ExchangeClientFactory = createCcxtClientFactory();

/** The shared budget's key of one exchange key: the exchange and a hash of the api key (never the key itself). */
export function rateBudgetKey(exchange: ExchangeId, apiKey: string): string {
  return `${exchange}:${createHash('sha256').update(apiKey).digest('hex').slice(0, 32)}`;
}

/**
 * The share of ccxt's limit the shared budget books (90 %): a request reaches the exchange a little after its turn
 * (the event loop, the network), and requests delayed unevenly arrive closer together than they were booked; the
 * exchange counts arrivals. 10 % headroom keeps them inside its window.
 */
export const RATE_BUDGET_SHARE = 0.9;

/**
 * Clients whose requests spend one budget per exchange key, shared by every engine through the transport
 * (RateBudget: Redis or Postgres), instead of each ccxt instance's own limiter (issue 26 §4).
 *
 * ccxt calls `this.throttle(cost)` before every REST request (Exchange.fetch2), with the endpoint's cost from its
 * API table (ccxt's translation of the exchange's published request weights; 1 when the table has none); one cost
 * unit is `rateLimit` ms of the exchange's limit (booked at RATE_BUDGET_SHARE of it) (binance 50, mercado 1000, gate 50, mexc 50, bybit 20 in the ccxt
 * this repository pins; docs/ARCHITECTURE.md). The replacement books the cost on the key's shared schedule and
 * waits its turn. If the store cannot answer, that request falls back to the instance's own limiter (`onError`).
 */
export function withRateBudget(
  factory: ExchangeClientFactory,
  budget: RateBudget,
  onError: (error: Error) => void = () => undefined,
): ExchangeClientFactory {
  return async (exchange, credentials, options) => {
    const client = await factory(exchange, credentials, options);
    const key = rateBudgetKey(exchange, credentials.apiKey);
    const local = client.throttle.bind(client);
    const shared = async (cost?: number): Promise<void> => {
      let wait: number;
      try {
        wait = await budget.reserve(
          key,
          typeof cost === 'number' ? cost : 1,
          (client.rateLimit ?? 50) / RATE_BUDGET_SHARE,
        );
      } catch (e) {
        onError(e instanceof Error ? e : new Error(String(e)));
        await local(cost);
        return;
      }
      if (wait > 0) await sleep(wait);
    };
    (client as unknown as { throttle: typeof shared }).throttle = shared;
    return client;
  };
}
