import type { Exchange } from 'ccxt';

/** How long one download of an exchange's markets serves new clients (precision, limits, state). */
export const MARKET_CACHE_TTL_MS = 10 * 60_000;

interface Entry {
  at: number;
  markets: Exchange['markets'];
  currencies: Exchange['currencies'];
}

/**
 * The markets of each exchange, loaded once and handed to every new ccxt client (ccxt `setMarkets`) for
 * MARKET_CACHE_TTL_MS: the live gateway builds a client per execution, and each would otherwise download the
 * market list again (Binance's exchangeInfo; MEXC's, paced by ccxt, ~5 s). Markets are public, the same for every
 * key. `reload` downloads again (a halted or unknown market refused an order); concurrent loads share one download.
 */
export class MarketCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<Entry>>();
  /** The entry each client was last given (setMarkets rebuilds ccxt's tables: once per client and entry). */
  private readonly given = new WeakMap<Exchange, Entry>();

  constructor(
    private readonly ttlMs = MARKET_CACHE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * `client` with the exchange's markets: the cached ones while fresh, else `download` (the client's own
   * `loadMarkets(true)`, through the caller's retry policy), then cached.
   */
  async load(
    exchange: string,
    client: Exchange,
    download: () => Promise<unknown>,
    reload = false,
  ): Promise<void> {
    const hit = this.entries.get(exchange);
    const fresh = !reload && hit && this.now() - hit.at < this.ttlMs ? hit : null;
    if (!fresh && !reload && client.markets && !this.given.has(client)) {
      // The client loaded them itself just now (ccxt's fetchBalance does): those are the freshest, keep them.
      const own: Entry = { at: this.now(), markets: client.markets, currencies: client.currencies };
      this.entries.set(exchange, own);
      this.given.set(client, own);
      return;
    }
    const entry = fresh ?? (await this.download(exchange, client, download));
    if (this.given.get(client) === entry) return;
    if (client.markets !== entry.markets)
      // ccxt's typing of setMarkets omits its `currencies` argument.
      client.setMarkets(entry.markets, entry.currencies as never);
    this.given.set(client, entry);
  }

  private download(exchange: string, client: Exchange, download: () => Promise<unknown>): Promise<Entry> {
    let pending = this.loading.get(exchange);
    if (!pending) {
      pending = (async () => {
        await download();
        const entry: Entry = { at: this.now(), markets: client.markets, currencies: client.currencies };
        this.entries.set(exchange, entry);
        return entry;
      })().finally(() => this.loading.delete(exchange));
      this.loading.set(exchange, pending);
    }
    return pending;
  }
}
