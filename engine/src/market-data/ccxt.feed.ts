import { EXCHANGES, type ExchangeId } from '@arbitra/contracts';
import { realScheduler, type Scheduler, type TimerHandle } from './clock.js';
import { FeedBase } from './feed-base.js';
import { FALLBACK_STEP } from './book-store.js';
import { WATCHED_SYMBOLS, watchedSymbolsFor } from './symbols.js';
import type { MarketSpec, PriceLevel } from './types.js';

/** The part of a ccxt order book the feed reads. */
export interface CcxtOrderBookLike {
  bids: ArrayLike<ArrayLike<number | undefined>>;
  asks: ArrayLike<ArrayLike<number | undefined>>;
  timestamp?: number | undefined;
}

/** The part of a ccxt market the feed reads. */
export interface CcxtMarketLike {
  symbol: string;
  base: string;
  quote: string;
  spot?: boolean;
  active?: boolean | undefined;
  precision: { price?: number | undefined; amount?: number | undefined };
  limits?: { amount?: { min?: number | undefined }; cost?: { min?: number | undefined } };
}

/**
 * The part of a ccxt exchange (REST or pro) the feed uses. Real ccxt classes satisfy it structurally;
 * tests pass a ccxt subclass fed with recorded exchange messages.
 */
export interface CcxtExchangeLike {
  readonly id: string;
  rateLimit: number;
  precisionMode?: number;
  has: Record<string, unknown>;
  loadMarkets(): Promise<Record<string, CcxtMarketLike>>;
  fetchOrderBook(symbol: string, limit?: number): Promise<CcxtOrderBookLike>;
  watchOrderBook?(symbol: string, limit?: number): Promise<CcxtOrderBookLike>;
  close?(): Promise<unknown>;
}

export type CcxtExchangeFactory = (exchange: ExchangeId, ccxtId: string) => Promise<CcxtExchangeLike>;

// ccxt precision modes (ccxt/js/src/base/functions/number.js)
const DECIMAL_PLACES = 2;
const TICK_SIZE = 4;

type CcxtConstructor = new (config: Record<string, unknown>) => CcxtExchangeLike;
let ccxtModule: Promise<{ pro: Record<string, unknown>; rest: Record<string, unknown> }> | null = null;

/**
 * ccxt options the feed relies on: spot markets only, and ccxt's own websocket reconnect backoff off
 * (ws.backoff.base = 0) so that the feed's backoff, on its injected scheduler, is the only one.
 */
export const CCXT_FEED_OPTIONS = {
  defaultType: 'spot',
  fetchMarkets: { types: ['spot'] },
  ws: { backoff: { base: 0 } },
} as const;

/**
 * Default factory: ccxt.pro class where ccxt has one (websockets), else the REST class. ccxt is loaded
 * once per process (≈0.4 s, 100 MB), on first use only.
 */
export const createCcxtExchange: CcxtExchangeFactory = async (_exchange, ccxtId) => {
  ccxtModule ??= import('ccxt').then((m) => ({
    pro: m.default.pro as unknown as Record<string, unknown>,
    rest: m.default as unknown as Record<string, unknown>,
  }));
  const { pro, rest } = await ccxtModule;
  const Ctor = (pro[ccxtId] ?? rest[ccxtId]) as CcxtConstructor | undefined;
  if (typeof Ctor !== 'function') throw new Error(`ccxt não tem a exchange ${ccxtId}`);
  return new Ctor({ enableRateLimit: true, options: structuredClone(CCXT_FEED_OPTIONS) });
};

export interface CcxtFeedOptions {
  exchanges?: readonly ExchangeId[];
  /** Unified symbols to watch where listed (default WATCHED_SYMBOLS: the 10 pairs, the cross pairs, and the BRL
   * markets on the BRL exchanges only, see watchedSymbolsFor). */
  symbols?: readonly string[];
  /** Levels emitted per side. Default 20. */
  depth?: number;
  /**
   * Levels ccxt keeps per book (its watchOrderBook / fetchOrderBook limit). Default: the exchange's own
   * default (e.g. Binance 1000, Gate 50), deeper than `depth` so that consumed top levels never leave holes.
   */
  bookLimit?: number;
  createExchange?: CcxtExchangeFactory;
  scheduler?: Scheduler;
  /** A market without a book for this long makes its exchange 'degraded'. Default 5000 ms. */
  staleAfterMs?: number;
  /** Reconnect / retry backoff: initialMs × factor^(attempt−1), capped at maxMs, ±20 % jitter. */
  backoff?: { initialMs?: number; maxMs?: number; factor?: number };
  /** Minimum pause between two REST polls of one exchange (default: the exchange's rateLimit). */
  minPollIntervalMs?: number;
  /** Poll over REST even where ccxt has websockets. */
  forceRest?: readonly ExchangeId[];
  /** Jitter source (default Math.random). */
  random?: () => number;
  /** How often states are re-evaluated for staleness. Default 1000 ms. */
  monitorIntervalMs?: number;
}

interface Runner {
  id: ExchangeId;
  ccxtId: string;
  ex: CcxtExchangeLike | null;
  mode: 'ws' | 'rest';
  symbols: string[];
  lastOk: Map<string, number>;
  lastTs: Map<string, number>;
  errors: Map<string, string>;
  fatal: string | null;
  /** Markets loaded (until then, runExchange reports the state). */
  loaded: boolean;
}

function message(e: unknown): string {
  if (e instanceof Error) return `${e.name}: ${e.message}`.slice(0, 300);
  return String(e).slice(0, 300);
}

function isPermanent(e: unknown): boolean {
  return e instanceof Error && (e.name === 'BadSymbol' || e.name === 'NotSupported');
}

/**
 * Live public order books through ccxt: websockets (ccxt.pro watchOrderBook) where supported, REST
 * fetchOrderBook polling within the exchange's rate limit elsewhere (Mercado Bitcoin). Reconnects with
 * exponential backoff. An exchange is 'up' while every watched market has a book younger than
 * staleAfterMs, 'degraded' when some have none, 'down' when none has.
 *
 * exchangeTs: the book's timestamp; where ccxt gives none (e.g. a REST snapshot) the previous one, or the
 * receive time for the first book. It never goes backwards per market (ccxt already orders books by the
 * exchange's sequence numbers, so a book that arrives is always newer than the previous one).
 */
export class CcxtFeed extends FeedBase {
  readonly kind = 'ccxt' as const;
  readonly simulated = false;
  private readonly scheduler: Scheduler;
  private readonly depth: number;
  private readonly factory: CcxtExchangeFactory;
  private readonly wanted: readonly string[];
  private readonly staleAfterMs: number;
  private readonly backoff: { initialMs: number; maxMs: number; factor: number };
  private readonly random: () => number;
  private readonly runners: Runner[];
  private running = false;
  private monitor: TimerHandle | null = null;
  private loops: Promise<void>[] = [];

  constructor(private readonly options: CcxtFeedOptions = {}) {
    const scheduler = options.scheduler ?? realScheduler;
    const exchanges = options.exchanges ?? EXCHANGES.map((e) => e.id);
    super(exchanges, scheduler);
    this.scheduler = scheduler;
    this.depth = options.depth ?? 20;
    this.factory = options.createExchange ?? createCcxtExchange;
    this.wanted = options.symbols ?? WATCHED_SYMBOLS;
    this.staleAfterMs = options.staleAfterMs ?? 5_000;
    this.backoff = { initialMs: 500, maxMs: 30_000, factor: 2, ...options.backoff };
    this.random = options.random ?? Math.random;
    this.runners = exchanges.map((id) => ({
      id,
      ccxtId: EXCHANGES.find((e) => e.id === id)!.ccxtId,
      ex: null,
      mode: 'ws',
      symbols: [],
      lastOk: new Map(),
      lastTs: new Map(),
      errors: new Map(),
      fatal: null,
      loaded: false,
    }));
  }

  /**
   * Staleness threshold the book store should use for an exchange: REST-polled exchanges refresh each
   * market once per polling round, so their books age more between updates.
   */
  staleAfterMsFor(exchange: ExchangeId): number {
    const r = this.runners.find((x) => x.id === exchange);
    if (!r || r.mode === 'ws' || !r.ex) return this.staleAfterMs;
    const round = Math.max(1, r.symbols.length) * this.pollInterval(r);
    return Math.max(this.staleAfterMs, 2 * round + 1_000);
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.loops = this.runners.map((r) => this.runExchange(r));
    const tick = (): void => {
      if (!this.running) return;
      for (const r of this.runners) this.refreshState(r);
      this.monitor = this.scheduler.schedule(this.options.monitorIntervalMs ?? 1_000, tick);
    };
    this.monitor = this.scheduler.schedule(this.options.monitorIntervalMs ?? 1_000, tick);
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.monitor?.cancel();
    this.wakeAll();
    await Promise.allSettled(this.runners.map(async (r) => r.ex?.close?.()));
    for (const r of this.runners) this.setState(r.id, 'down', 'Feed parado');
  }

  /** Resolves when every exchange loop has ended (after stop()). */
  async stopped(): Promise<void> {
    await Promise.allSettled(this.loops);
  }

  private backoffMs(attempt: number): number {
    const { initialMs, maxMs, factor } = this.backoff;
    const base = Math.min(maxMs, initialMs * factor ** Math.max(0, attempt - 1));
    return base * (0.8 + 0.4 * this.random());
  }

  private pollInterval(r: Runner): number {
    return Math.max(this.options.minPollIntervalMs ?? 0, r.ex?.rateLimit ?? 1_000);
  }

  private async runExchange(r: Runner): Promise<void> {
    let attempt = 0;
    while (this.running && r.symbols.length === 0) {
      try {
        if (attempt === 0) this.setState(r.id, 'connecting', 'Carregando mercados');
        r.ex ??= await this.factory(r.id, r.ccxtId);
        const markets = await r.ex.loadMarkets();
        const specs: MarketSpec[] = [];
        for (const symbol of watchedSymbolsFor(r.id, this.wanted)) {
          const m = markets[symbol];
          if (m && m.active !== false && m.spot !== false) specs.push(this.toSpec(r, m));
        }
        if (specs.length === 0) {
          r.fatal = 'Nenhum dos mercados observados é listado nesta exchange';
          this.setState(r.id, 'down', r.fatal);
          return;
        }
        r.symbols = specs.map((s) => s.symbol);
        r.loaded = true;
        const forceRest = this.options.forceRest?.includes(r.id) ?? false;
        r.mode =
          !forceRest && r.ex.has.watchOrderBook === true && typeof r.ex.watchOrderBook === 'function'
            ? 'ws'
            : 'rest';
        this.addMarkets(specs);
        this.setState(r.id, 'connecting', r.mode === 'ws' ? 'Conectando (websocket)' : 'Conectando (REST)');
      } catch (e) {
        attempt++;
        this.setState(r.id, 'down', `Falha ao carregar mercados: ${message(e)}`);
        await this.sleep(this.scheduler, this.backoffMs(attempt));
      }
    }
    if (!this.running) return;
    if (r.mode === 'ws') await Promise.all(r.symbols.map((s) => this.watchLoop(r, s)));
    else await this.pollLoop(r);
  }

  private async watchLoop(r: Runner, symbol: string): Promise<void> {
    let attempt = 0;
    const ex = r.ex!;
    while (this.running) {
      const read = await this.readBook(r, symbol, () => ex.watchOrderBook!(symbol, this.options.bookLimit));
      if (read === 'stopped') return;
      if (read === 'ok') {
        attempt = 0;
        continue;
      }
      this.refreshState(r);
      if (read === 'permanent') return;
      await this.sleep(this.scheduler, this.backoffMs(++attempt));
    }
  }

  private async pollLoop(r: Runner): Promise<void> {
    const ex = r.ex!;
    let attempt = 0;
    let i = 0;
    while (this.running && r.symbols.length > 0) {
      const symbol = r.symbols[i++ % r.symbols.length]!;
      const started = this.scheduler.now();
      const read = await this.readBook(r, symbol, () => ex.fetchOrderBook(symbol, this.options.bookLimit));
      if (read === 'stopped') return;
      if (read !== 'ok') {
        this.refreshState(r);
        await this.sleep(this.scheduler, this.backoffMs(++attempt));
        continue;
      }
      attempt = 0;
      const wait = this.pollInterval(r) - (this.scheduler.now() - started);
      if (wait > 0) await this.sleep(this.scheduler, wait);
    }
  }

  /**
   * One read of a market's book (`read`: the websocket's next one, or a REST fetch), handed on, or its error kept on
   * the runner. 'stopped': the feed stopped meanwhile; 'permanent': the market is dropped (the exchange refuses it).
   */
  private async readBook(
    r: Runner,
    symbol: string,
    read: () => Promise<CcxtOrderBookLike>,
  ): Promise<'ok' | 'stopped' | 'failed' | 'permanent'> {
    try {
      const book = await read();
      if (!this.running) return 'stopped';
      this.onBook(r, symbol, book);
      return 'ok';
    } catch (e) {
      if (!this.running) return 'stopped';
      r.errors.set(symbol, message(e));
      if (!isPermanent(e)) return 'failed';
      r.symbols = r.symbols.filter((s) => s !== symbol);
      return 'permanent';
    }
  }

  private onBook(r: Runner, symbol: string, book: CcxtOrderBookLike): void {
    const receivedTs = this.scheduler.now();
    const bids = copyLevels(book.bids, this.depth);
    const asks = copyLevels(book.asks, this.depth);
    const last = r.lastTs.get(symbol);
    const ts =
      typeof book.timestamp === 'number' && Number.isFinite(book.timestamp)
        ? book.timestamp
        : (last ?? receivedTs);
    const exchangeTs = last !== undefined && ts < last ? last : ts;
    r.lastTs.set(symbol, exchangeTs);
    r.lastOk.set(symbol, receivedTs);
    const hadError = r.errors.delete(symbol);
    this.emitUpdate({ exchange: r.id, symbol, bids, asks, exchangeTs, receivedTs });
    if (hadError || this.stateOf(r.id)?.status !== 'up') this.refreshState(r);
  }

  private refreshState(r: Runner): void {
    if (!this.running || r.fatal || !r.loaded) return; // while loading markets, runExchange reports the state
    if (r.symbols.length === 0) {
      this.setState(r.id, 'down', firstError(r) ?? 'Nenhum mercado disponível');
      return;
    }
    const now = this.scheduler.now();
    const limit = this.staleAfterMsFor(r.id);
    const missing: string[] = [];
    let everReceived = false;
    for (const s of r.symbols) {
      const ok = r.lastOk.get(s);
      if (ok !== undefined) everReceived = true;
      if (ok === undefined || now - ok > limit) missing.push(s);
    }
    const err = firstError(r);
    if (missing.length === 0 && err === null) {
      this.setState(r.id, 'up', null);
    } else if (missing.length === r.symbols.length) {
      if (!everReceived && !err)
        this.setState(r.id, 'connecting', r.mode === 'ws' ? 'Conectando (websocket)' : 'Conectando (REST)');
      else this.setState(r.id, 'down', err ? `Sem dados: ${err}` : 'Sem dados recentes');
    } else if (missing.length === 0) {
      // books still fresh, but a market is resynchronising after an error
      this.setState(r.id, 'degraded', `Ressincronizando: ${err}`);
    } else {
      const names = missing.slice(0, 3).join(', ') + (missing.length > 3 ? '…' : '');
      this.setState(
        r.id,
        'degraded',
        `${missing.length} de ${r.symbols.length} mercados sem dados recentes (${names})${err ? `: ${err}` : ''}`,
      );
    }
  }

  private toSpec(r: Runner, m: CcxtMarketLike): MarketSpec {
    const mode = r.ex?.precisionMode ?? TICK_SIZE;
    const toStep = (p: number | undefined): number => {
      if (typeof p !== 'number' || !Number.isFinite(p) || p <= 0) return FALLBACK_STEP;
      if (mode === DECIMAL_PLACES) return 10 ** -p;
      if (mode === TICK_SIZE) return p;
      return FALLBACK_STEP; // significant digits: no fixed step
    };
    return {
      exchange: r.id,
      symbol: m.symbol,
      base: m.base,
      quote: m.quote,
      tickSize: toStep(m.precision.price),
      amountStep: toStep(m.precision.amount),
      minAmount: m.limits?.amount?.min ?? 0,
      minNotional: m.limits?.cost?.min ?? 0,
    };
  }
}

function firstError(r: Runner): string | null {
  for (const e of r.errors.values()) return e;
  return null;
}

/** Copies the top `depth` levels (ccxt mutates its book sides in place after returning them). */
function copyLevels(side: ArrayLike<ArrayLike<number | undefined>>, depth: number): PriceLevel[] {
  const out: PriceLevel[] = [];
  for (let i = 0; i < side.length && out.length < depth; i++) {
    const level = side[i];
    if (!level) continue;
    const price = level[0];
    const amount = level[1];
    if (typeof price === 'number' && typeof amount === 'number') out.push([price, amount]);
  }
  return out;
}
