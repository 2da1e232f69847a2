import type { Exchange } from 'ccxt';
import { exchangeInfo, type ExchangeId } from '@arbitra/contracts';

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

/** The real factory: the ccxt class of the exchange (contracts EXCHANGES.ccxtId). */
export const ccxtClientFactory: ExchangeClientFactory = async (exchange, credentials, options) => {
  const ccxt = (await loadCcxt()).default as unknown as Record<string, unknown>;
  const Ctor = ccxt[exchangeInfo(exchange).ccxtId] as ExchangeConstructor | undefined;
  if (typeof Ctor !== 'function') throw new Error(`ccxt has no exchange ${exchangeInfo(exchange).ccxtId}`);
  const client = new Ctor(ccxtClientConfig(credentials, options));
  // Mercado Bitcoin's Trade API refuses a tapi_nonce not greater than the key's last one; ccxt's mercado sends
  // seconds, so two clients of one key (the validator's and a bot's, two bots) collide within a second.
  // Milliseconds keep increasing past any earlier nonce of seconds.
  if (exchange === 'mercadobitcoin') client.nonce = () => client.milliseconds();
  return client;
};
