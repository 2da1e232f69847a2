import type { Exchange } from 'ccxt';
import type { CcxtModule } from './exchange-client.factory.js';

/** The longest Retry-After we wait for inside one call; longer (a Binance 418 ban): the call fails at once. */
export const MAX_BACKOFF_MS = 5_000;
/** Without a Retry-After header, a throttled call waits this long before its one retry. */
export const DEFAULT_BACKOFF_MS = 1_000;
/** A clock further than this from the exchange's is what made an authentication fail. */
const CLOCK_TOLERANCE_MS = 1_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The exchange asked us to slow down (HTTP 429/418 or its own rate-limit code). */
export function isThrottle(
  e: unknown,
  ccxt: Pick<CcxtModule, 'DDoSProtection' | 'RateLimitExceeded'>,
): boolean {
  return e instanceof ccxt.RateLimitExceeded || e instanceof ccxt.DDoSProtection;
}

/** How long the exchange said to wait (its Retry-After header, seconds), in ms; the default without one. */
export function retryAfterMs(client: Exchange): number {
  const headers = (client.last_response_headers ?? {}) as Record<string, string | undefined>;
  const raw = headers['Retry-After'] ?? headers['retry-after'];
  const seconds = raw === undefined ? NaN : Number(raw);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1_000 : DEFAULT_BACKOFF_MS;
}

/**
 * Was this error our clock? Binance and MEXC say so (ccxt InvalidNonce: -1021, 700003); Gate.io answers
 * REQUEST_EXPIRED, which ccxt reads as an AuthenticationError — so on an authentication error the exchange's time
 * is read and compared. Either way ccxt's clock is resynchronised (options.timeDifference, used by every signed
 * request of these classes) when it returns true.
 */
async function clockWasOff(client: Exchange, e: unknown, ccxt: CcxtModule): Promise<boolean> {
  const nonce = e instanceof ccxt.InvalidNonce;
  if (!nonce && !(e instanceof ccxt.AuthenticationError)) return false;
  if (!client.has['fetchTime']) return false;
  const before = Number(client.options['timeDifference'] ?? 0);
  try {
    const after = Number(await client.loadTimeDifference());
    return nonce || Math.abs(after - before) > CLOCK_TOLERANCE_MS;
  } catch {
    client.options['timeDifference'] = before;
    return false;
  }
}

const marketsLoaded = (client: Exchange) =>
  client.markets !== undefined && client.markets !== null && Object.keys(client.markets).length > 0;

export interface ExchangeCallOptions<T> {
  /**
   * Before a retry: has what the call was doing already happened? (An order placement looks its client order id
   * up.) A result ends the call with it; null retries; an error ends the call with that error.
   */
  beforeRetry?: () => Promise<T | null>;
  /** For tests: the wait between a throttled call and its retry. */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * One call to an exchange with the two recoveries every exchange needs:
 * - our clock outside the exchange's window → resynchronise with the exchange's time and retry once;
 * - throttled (429/418) → wait its Retry-After (at most MAX_BACKOFF_MS, else fail now) and retry once.
 * Anything else (and a second failure) is thrown as ccxt raised it.
 */
export async function callExchange<T>(
  client: Exchange,
  ccxt: CcxtModule,
  call: () => Promise<T>,
  options: ExchangeCallOptions<T> = {},
): Promise<T> {
  let clockResynced = false;
  let throttled = false;
  let retrying = false;
  for (;;) {
    try {
      // ccxt keeps a failed loadMarkets() promise and hands it to every later call: reload explicitly.
      if (retrying && !marketsLoaded(client)) await client.loadMarkets(true);
      return await call();
    } catch (e) {
      let retry = false;
      if (!throttled && isThrottle(e, ccxt)) {
        const wait = retryAfterMs(client);
        if (wait > MAX_BACKOFF_MS) throw e;
        throttled = true;
        await (options.sleep ?? sleep)(wait);
        retry = true;
      } else if (!clockResynced && (await clockWasOff(client, e, ccxt))) {
        clockResynced = true;
        retry = true;
      }
      if (!retry) throw e;
      retrying = true;
      const done = await options.beforeRetry?.();
      if (done !== undefined && done !== null) return done;
    }
  }
}
