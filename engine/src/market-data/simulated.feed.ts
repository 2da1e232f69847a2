import { EXCHANGE_IDS, type ExchangeId } from '@arbitra/contracts';
import { realScheduler, type Scheduler, type TimerHandle } from './clock.js';
import { FeedBase } from './feed-base.js';
import { decimalsOf, multipleOf } from './precision.js';
import { normalQuantile, Rng } from './prng.js';
import {
  ASSETS,
  COMMON_VOL,
  CROSS_LIQUIDITY,
  CROSS_PRECISION,
  EXCHANGE_PROFILES,
  REFERENCE_MODEL,
  SIMULATED_PAIRS,
  type ExchangeProfile,
} from './simulated-market.js';
import { splitSymbol } from './symbols.js';
import type { MarketSpec, PriceLevel } from './types.js';

export interface SimulatedFeedOptions {
  /** Same seed → same sequence of books (given the same sequence of ticks). Default 42. */
  seed?: number;
  /** Time source and timers; a VirtualScheduler makes a test run minutes of market in milliseconds. */
  scheduler?: Scheduler;
  exchanges?: readonly ExchangeId[];
  /** Model step; every market is updated on the first tick at or after its next due time. Default 50 ms. */
  tickMs?: number;
  /**
   * Price dislocations of one exchange's USDT pair, per minute, all exchanges together. Default 5: each of the
   * 50 USDT markets moves away about every 10 minutes, so a bot on a few pairs and exchanges sees opportunities
   * within a minute or two.
   */
  dislocationsPerMinute?: number;
  /** Dislocations of one exchange's BTC cross pair (triangle opportunities), per minute. Default 2. */
  triangleDislocationsPerMinute?: number;
  /**
   * Dislocation size range, as a fraction of the price. Default [0.003, 0.025], drawn skewed to the small end
   * (lo + (hi − lo)·u³: a median of 0.6 %, about one in eight above 1.8 %): most are a few tenths of a percent,
   * a few are large, as in real markets.
   */
  dislocationSize?: readonly [number, number];
  /** How long a dislocation takes to fade (e-folding time range, ms). Default [6000, 20000]. */
  dislocationDecayMs?: readonly [number, number];
  /** Override exchange profiles (tick, spread, depth, update rate...). */
  profiles?: Partial<Record<ExchangeId, Partial<ExchangeProfile>>>;
  /** One extra dislocation this long after start, so a fresh demo shows something soon. Default 3000 ms; null: none. */
  firstDislocationMs?: number | null;
  /**
   * Publish only these markets ('exchange:symbol' keys, see `marketKey`) of the listed exchanges; default: all.
   * The others are not generated at all, and the ones published are exactly the books the full market would
   * have: every market draws from its own random stream (seeded by the seed, its exchange and its symbol), the
   * common moves and the dislocations from one stream of the seed over the whole simulated universe (the
   * 5 exchanges' markets, whichever are listed). A backtest generates only what its bot reads.
   */
  markets?: ReadonlySet<string>;
}

/** The key of one market in `SimulatedFeedOptions.markets`. */
export const marketKey = (exchange: string, symbol: string): string => `${exchange}:${symbol}`;

interface Stream {
  /** This market's own random stream (its spread, levels, timing, noise). */
  rng: Rng;
  exchange: ExchangeId;
  symbol: string;
  spec: MarketSpec;
  /** k ticks and k amount steps written cleanly (multipleOf, without its per-call work). */
  tick: Multiples;
  step: Multiples;
  profile: ExchangeProfile;
  /** Index into the asset log-price table for base and quote (-1: USDT; -2: reference USDT/BRL). */
  baseIdx: number;
  quoteIdx: number;
  /** Depth scale of this market. */
  liquidity: number;
  offset: number;
  shock: number;
  shockTauSec: number;
  lastModelMs: number;
  nextAtMs: number;
  lastExchangeTs: number;
}

const OU_THETA = 1 / 30; // offsets revert with a 30 s time constant
const USDT = -1;
const REF = -2;

/** The symbols one exchange lists in the simulation, in publishing order. */
function symbolsOf(profile: ExchangeProfile): string[] {
  return [...SIMULATED_PAIRS, ...profile.crossPairs, ...(profile.reference ? [REFERENCE_MODEL.symbol] : [])];
}

/** k × one unit (a tick, an amount step), as multipleOf writes it. */
interface Multiples {
  of(k: number): number;
}

/**
 * multipleOf(k, unit) for integer k, precomputed for one unit: a unit of d ≤ 15 decimals is an integer count of
 * 10^-d, so k units are (k × count) / 10^d, the double multipleOf gives, in one multiplication and one division.
 */
function multiples(unit: number): Multiples {
  const decimals = decimalsOf(unit);
  if (decimals > 15) return { of: (k) => multipleOf(k, unit, decimals) };
  const scale = 10 ** decimals;
  const count = Math.round(unit * scale);
  return { of: (k) => (k * count < 4e15 ? (k * count) / scale : multipleOf(k, unit, decimals)) };
}

/** A market's own seed: FNV-1a of 'seed:exchange:symbol' (stable across platforms and processes). */
function streamSeed(seed: number, key: string): number {
  const text = `${seed >>> 0}:${key}`;
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/**
 * A deterministic simulated market: the 5 exchanges × the 10 USDT pairs, BTC cross pairs for triangles
 * and USDT/BRL. Prices share a common random walk (beta to BTC plus their own noise); each exchange adds a
 * small mean-reverting offset, its own tick, spread, depth and update rate; occasional dislocations of
 * one market (random size and fade time) create real net-of-fee opportunities that appear and vanish.
 */
export class SimulatedFeed extends FeedBase {
  readonly kind = 'simulated' as const;
  readonly simulated = true;
  private readonly rng: Rng;
  private readonly scheduler: Scheduler;
  private readonly tickMs: number;
  private readonly streams: Stream[] = [];
  private readonly byKey = new Map<string, Stream>();
  /** Every USDT market (price dislocations) and BTC-quoted one (triangles) of the 5 exchanges, by key. */
  private readonly universe = { usdt: [] as string[], cross: [] as string[] };
  private readonly logPrices: Float64Array;
  private logRef: number;
  private modelMs = 0;
  private timer: TimerHandle | null = null;
  private running = false;
  private readonly options: Required<
    Pick<
      SimulatedFeedOptions,
      | 'dislocationsPerMinute'
      | 'triangleDislocationsPerMinute'
      | 'dislocationSize'
      | 'dislocationDecayMs'
      | 'firstDislocationMs'
    >
  >;
  /** Dislocations injected so far (for tests and logs). */
  dislocations = 0;

  constructor(options: SimulatedFeedOptions = {}) {
    const scheduler = options.scheduler ?? realScheduler;
    super(options.exchanges ?? EXCHANGE_IDS, scheduler);
    this.scheduler = scheduler;
    const seed = options.seed ?? 42;
    this.rng = new Rng(seed);
    this.tickMs = options.tickMs ?? 50;
    this.options = {
      dislocationsPerMinute: options.dislocationsPerMinute ?? 5,
      triangleDislocationsPerMinute: options.triangleDislocationsPerMinute ?? 2,
      dislocationSize: options.dislocationSize ?? [0.003, 0.025],
      dislocationDecayMs: options.dislocationDecayMs ?? [6_000, 20_000],
      firstDislocationMs: options.firstDislocationMs === undefined ? 3_000 : options.firstDislocationMs,
    };
    this.logPrices = new Float64Array(ASSETS.map((a) => Math.log(a.priceUsdt)));
    this.logRef = Math.log(REFERENCE_MODEL.price);
    const profileOf = (exchange: ExchangeId): ExchangeProfile => ({
      ...EXCHANGE_PROFILES[exchange],
      ...options.profiles?.[exchange],
    });
    // Dislocations pick among every market of every exchange, published or not: the market of a seed is one.
    for (const exchange of EXCHANGE_IDS) {
      for (const symbol of symbolsOf(profileOf(exchange))) {
        const quote = splitSymbol(symbol)?.quote;
        if (symbol === REFERENCE_MODEL.symbol || (quote !== 'USDT' && quote !== 'BTC')) continue;
        this.universe[quote === 'BTC' ? 'cross' : 'usdt'].push(marketKey(exchange, symbol));
      }
    }
    for (const exchange of EXCHANGE_IDS) {
      if (!this.exchanges.includes(exchange)) continue;
      const profile = profileOf(exchange);
      for (const symbol of symbolsOf(profile)) {
        const key = marketKey(exchange, symbol);
        if (options.markets && !options.markets.has(key)) continue;
        const stream = this.makeStream(exchange, symbol, profile, new Rng(streamSeed(seed, key)));
        this.streams.push(stream);
        this.byKey.set(key, stream);
      }
    }
    this.addMarkets(this.streams.map((s) => s.spec));
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.addMarkets(this.streams.map((s) => s.spec));
    for (const ex of this.exchanges) this.setState(ex, 'up', null);
    // a full first round so the books fill at once
    for (const s of this.streams) this.emit(s);
    this.timer = this.scheduler.schedule(this.tickMs, () => this.tick());
  }

  async stop(): Promise<void> {
    this.running = false;
    this.timer?.cancel();
    this.timer = null;
    for (const ex of this.exchanges) this.setState(ex, 'down', 'Feed parado');
  }

  private tick(): void {
    if (!this.running) return;
    this.modelMs += this.tickMs;
    this.stepModel(this.tickMs / 1000);
    for (let i = 0; i < this.streams.length; i++) {
      const s = this.streams[i]!;
      if (s.nextAtMs <= this.modelMs) this.emit(s);
    }
    this.timer = this.scheduler.schedule(this.tickMs, () => this.tick());
  }

  private stepModel(dtSec: number): void {
    const sq = Math.sqrt(dtSec);
    const common = COMMON_VOL * sq * this.rng.normal();
    for (let i = 0; i < ASSETS.length; i++) {
      const a = ASSETS[i]!;
      this.logPrices[i]! += a.beta * common + (a.idioVol > 0 ? a.idioVol * sq * this.rng.normal() : 0);
    }
    this.logRef += REFERENCE_MODEL.vol * sq * this.rng.normal();
    const first = this.options.firstDislocationMs;
    if (first !== null && this.modelMs - dtSec * 1000 < first && this.modelMs >= first)
      this.dislocate(false, true);
    const perTick = dtSec / 60;
    if (this.rng.next() < this.options.dislocationsPerMinute * perTick) this.dislocate(false);
    if (this.rng.next() < this.options.triangleDislocationsPerMinute * perTick) this.dislocate(true);
  }

  /**
   * A forced dislocation (tests and benchmarks): moves one market by `size` (0.01 = +1 %, negative: down),
   * fading like a random one, and publishes that market's book at once.
   */
  forceDislocation(exchange: ExchangeId, symbol: string, size: number, decayMs = 20_000): boolean {
    const s = this.byKey.get(marketKey(exchange, symbol));
    if (!s) return false;
    this.advanceStream(s);
    s.shock += size;
    s.shockTauSec = decayMs / 1000;
    this.dislocations++;
    if (this.running) this.emit(s);
    return true;
  }

  private dislocate(cross: boolean, largest = false): void {
    // Every draw comes from the model's stream whether the market is published or not.
    const target = this.rng.pick(cross ? this.universe.cross : this.universe.usdt);
    const [lo, hi] = this.options.dislocationSize;
    const size = this.rng.sign() * (largest ? Math.min(hi, 0.01) : lo + (hi - lo) * this.rng.next() ** 3);
    const [tlo, thi] = this.options.dislocationDecayMs;
    const tauSec = this.rng.uniform(tlo, thi) / 1000;
    this.dislocations++;
    const s = this.byKey.get(target);
    if (!s) return;
    this.advanceStream(s);
    s.shock += size;
    s.shockTauSec = tauSec;
  }

  /** Brings a stream's offset and shock to the current model time. */
  private advanceStream(s: Stream): void {
    const el = (this.modelMs - s.lastModelMs) / 1000;
    if (el <= 0) return;
    const decay = Math.exp(-OU_THETA * el);
    const sigma = s.profile.noiseBps * 1e-4;
    s.offset = s.offset * decay + sigma * Math.sqrt(1 - decay * decay) * s.rng.normal();
    s.shock *= Math.exp(-el / s.shockTauSec);
    if (Math.abs(s.shock) < 1e-7) s.shock = 0;
    s.lastModelMs = this.modelMs;
  }

  private fairPrice(s: Stream): number {
    if (s.baseIdx === REF) return Math.exp(this.logRef);
    const base = this.logPrices[s.baseIdx]!;
    return s.quoteIdx === USDT ? Math.exp(base) : Math.exp(base - this.logPrices[s.quoteIdx]!);
  }

  private baseUsdt(s: Stream): number {
    return s.baseIdx === REF ? 1 : Math.exp(this.logPrices[s.baseIdx]!);
  }

  private emit(s: Stream): void {
    this.advanceStream(s);
    const { rng, profile: p } = s;
    const { tickSize } = s.spec;
    const mid = this.fairPrice(s) * Math.exp(s.offset + s.shock);
    const half = ((p.spreadBps * 1e-4) / 2) * (0.7 + 0.6 * rng.next());
    let bidK = Math.floor((mid * (1 - half)) / tickSize);
    let askK = Math.ceil((mid * (1 + half)) / tickSize);
    if (askK <= bidK) askK = bidK + 1;
    if (bidK < 1) bidK = 1;
    const n = p.levels;
    const bids: PriceLevel[] = new Array<PriceLevel>(n);
    const asks: PriceLevel[] = new Array<PriceLevel>(n);
    let nBids = 0;
    const gapTicks = (mid * p.levelGapBps * 1e-4) / tickSize;
    // level sizes in whole amount steps: notional × a log-normal factor / (base price × step)
    let notionalSteps = (p.topNotionalUsdt * s.liquidity) / (this.baseUsdt(s) * s.spec.amountStep);
    const { tick, step } = s;
    for (let i = 0; i < n; i++) {
      const bidAmt = step.of(
        Math.max(1, Math.round(notionalSteps * LEVEL_FACTORS[(rng.next() * 4096) | 0]!)),
      );
      const askAmt = step.of(
        Math.max(1, Math.round(notionalSteps * LEVEL_FACTORS[(rng.next() * 4096) | 0]!)),
      );
      if (bidK >= 1) bids[nBids++] = [tick.of(bidK), bidAmt];
      asks[i] = [tick.of(askK), askAmt];
      bidK -= Math.max(1, Math.round(gapTicks * (0.3 + 1.4 * rng.next())));
      askK += Math.max(1, Math.round(gapTicks * (0.3 + 1.4 * rng.next())));
      notionalSteps *= p.depthGrowth;
    }
    bids.length = nBids;
    const receivedTs = this.scheduler.now();
    const lag = p.latencyMs[0] + (p.latencyMs[1] - p.latencyMs[0]) * rng.next();
    const exchangeTs = Math.max(s.lastExchangeTs, Math.floor(receivedTs - lag));
    s.lastExchangeTs = exchangeTs;
    s.nextAtMs = this.modelMs + p.updateIntervalMs * (0.5 + rng.next());
    this.emitUpdate({ exchange: s.exchange, symbol: s.symbol, bids, asks, exchangeTs, receivedTs });
  }

  private makeStream(exchange: ExchangeId, symbol: string, profile: ExchangeProfile, rng: Rng): Stream {
    const parts = splitSymbol(symbol);
    if (!parts) throw new Error(`bad simulated symbol ${symbol}`);
    let tick: number;
    let step: number;
    let baseIdx: number;
    let quoteIdx: number;
    if (symbol === REFERENCE_MODEL.symbol) {
      tick = REFERENCE_MODEL.tickSize;
      step = REFERENCE_MODEL.amountStep;
      baseIdx = REF;
      quoteIdx = REF;
    } else {
      baseIdx = ASSETS.findIndex((a) => a.asset === parts.base);
      if (baseIdx < 0) throw new Error(`unknown simulated asset ${parts.base}`);
      if (parts.quote === 'USDT') {
        quoteIdx = USDT;
        tick = ASSETS[baseIdx]!.tickSize;
        step = ASSETS[baseIdx]!.amountStep;
      } else {
        quoteIdx = ASSETS.findIndex((a) => a.asset === parts.quote);
        const precision = CROSS_PRECISION[symbol];
        if (quoteIdx < 0 || !precision) throw new Error(`unknown simulated cross pair ${symbol}`);
        tick = precision.tickSize;
        step = precision.amountStep;
      }
    }
    const tickSize = multipleOf(1, tick * profile.tickMultiplier, decimalsOf(tick) + 2);
    const amountStep = multipleOf(1, step * profile.stepMultiplier, decimalsOf(step) + 2);
    const spec: MarketSpec = {
      exchange,
      symbol,
      base: parts.base,
      quote: parts.quote,
      tickSize,
      amountStep,
      minAmount: amountStep,
      minNotional: parts.quote === 'USDT' ? 1 : 0,
    };
    return {
      rng,
      exchange,
      symbol,
      spec,
      tick: multiples(tickSize),
      step: multiples(amountStep),
      profile,
      baseIdx,
      quoteIdx,
      liquidity:
        baseIdx === REF
          ? REFERENCE_MODEL.liquidity
          : ASSETS[baseIdx]!.liquidity * (quoteIdx === USDT ? 1 : CROSS_LIQUIDITY),
      offset: profile.noiseBps * 1e-4 * rng.normal(),
      shock: 0,
      shockTauSec: 10,
      lastModelMs: 0,
      nextAtMs: 0,
      lastExchangeTs: 0,
    };
  }
}

/**
 * Level sizes: 4096 equiprobable quantiles of a log-normal of mean 1 (σ = 0.5 in log), so that one uniform
 * draw and a table read give a level's size factor (a normal draw and an exp per level were a fifth of a
 * backtest's time).
 */
const LEVEL_FACTORS = Float64Array.from({ length: 4096 }, (_, i) =>
  Math.exp(0.5 * normalQuantile((i + 0.5) / 4096) - 0.125),
);
