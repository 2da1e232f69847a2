import { EXCHANGE_IDS, type BacktestVolatility, type ExchangeId } from '@arbitra/contracts';
import { realScheduler, type Scheduler, type TimerHandle } from './clock.js';
import { FeedBase } from './feed-base.js';
import { decimalsOf, multipleOf } from './precision.js';
import { normalQuantile, Rng, type RngState } from './prng.js';
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
import type { BookUpdate, MarketSpec, PriceLevel } from './types.js';

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
   * 50 USDT markets moves away about every 10 minutes.
   */
  dislocationsPerMinute?: number;
  /** Dislocations of one exchange's BTC cross pair (triangle opportunities), per minute. Default 2. */
  triangleDislocationsPerMinute?: number;
  /**
   * Dislocation size range, as a fraction of the price. Default ('Normal', SIMULATED_REGIMES) [0.001, 0.006],
   * drawn skewed to the small end (lo + (hi − lo)·u³: a median of 0.16 %, about one in eight above 0.43 %): most
   * are one or two tenths of a percent, a few are larger, as in real markets.
   */
  dislocationSize?: readonly [number, number];
  /**
   * How long a dislocation takes to fade (e-folding time range, ms). Default ('Normal') [800, 2000]: the
   * competitors' orders take it within a second or two.
   */
  dislocationDecayMs?: readonly [number, number];
  /** Override exchange profiles (tick, spread, depth, update rate...). */
  profiles?: Partial<Record<ExchangeId, Partial<ExchangeProfile>>>;
  /**
   * One extra dislocation (±1 %, fading over 20 s, on a USDT market drawn) this long after start, so a fresh demo
   * shows something soon, whatever the regime. Default 3000 ms; null: none.
   */
  firstDislocationMs?: number | null;
  /**
   * Publish only these markets ('exchange:symbol' keys, see `marketKey`) of the listed exchanges; default: all.
   * The others are not generated at all, and the ones published are exactly the books the full market would
   * have: every market draws from its own random stream (seeded by the seed, its exchange and its symbol), the
   * common moves and the dislocations from one stream of the seed over the whole simulated universe (the
   * 5 exchanges' markets, whichever are listed). A backtest generates only what its bot reads.
   */
  markets?: ReadonlySet<string>;
  /** Dislocations of one exchange's BRL market (BRL arbitrage in reais), per minute. Default 3. */
  brlDislocationsPerMinute?: number;
  /**
   * One BRL dislocation this long after start (BTC/BRL on Mercado Bitcoin, +1.5 %), so a fresh demo shows a
   * BRL opportunity soon. Default 6000 ms; null: none.
   */
  firstBrlDislocationMs?: number | null;
  /**
   * Several engines, one market: the epoch (wall time of model time 0) and the checkpoints every engine of the
   * platform shares (engine/src/scanner/shared-market-clock.ts, in the database). Without it the epoch is the
   * instant start() is first called and nothing is shared.
   */
  sharedClock?: SharedMarketClock;
}

type RegimeOptions = Required<
  Pick<
    SimulatedFeedOptions,
    'dislocationsPerMinute' | 'triangleDislocationsPerMinute' | 'dislocationSize' | 'dislocationDecayMs'
  >
>;

/**
 * The simulated market's regimes ('Volatilidade' of 'Simular'; MARKET_VOLATILITY of the live engine): how often
 * its markets move away from the fair price, how far and for how long (docs/ARCHITECTURE.md, the simulated market,
 * with what a default bot earns on each: bench/normal-regime.ts). 'Normal' is the feed's default: dislocations of
 * a few tenths of a percent that competitors take within seconds; 'Agitado' the generous one, labelled as such.
 */
export const SIMULATED_REGIMES: Readonly<Record<BacktestVolatility, RegimeOptions>> = {
  calm: {
    dislocationsPerMinute: 2,
    triangleDislocationsPerMinute: 1,
    dislocationSize: [0.001, 0.004],
    dislocationDecayMs: [800, 2_000],
  },
  normal: {
    dislocationsPerMinute: 5,
    triangleDislocationsPerMinute: 2,
    dislocationSize: [0.001, 0.006],
    dislocationDecayMs: [800, 2_000],
  },
  agitated: {
    dislocationsPerMinute: 12,
    triangleDislocationsPerMinute: 5,
    dislocationSize: [0.004, 0.04],
    dislocationDecayMs: [6_000, 20_000],
  },
};
const NORMAL = SIMULATED_REGIMES.normal;

/** The first dislocation (firstDislocationMs): +1 % fading over 20 s, whatever the regime. */
const FIRST_DISLOCATION = { size: 0.01, tauSec: 20 };

/**
 * The simulated market is a pure function of (seed, options, model time): model time t is tick t / tickMs after
 * the epoch, and the feed runs every tick up to (now − epoch) — late timers catch up, they never slow the market.
 * An engine joining a running market restores the newest checkpoint and runs the ticks since it, unpublished.
 */
export interface SharedMarketClock {
  /** The market's epoch (wall ms) and its newest checkpoint (null: start from the seed at model time 0). */
  join(): Promise<{ epochMs: number; checkpoint: SimulatedMarketState | null }>;
  /** A checkpoint, every CHECKPOINT_EVERY_MS of model time; not awaited (the feed never waits on storage). */
  save(epochMs: number, state: SimulatedMarketState): void;
}

/** Everything the model carries from one tick to the next (JSON: doubles round-trip exactly). */
export interface SimulatedMarketState {
  tickMs: number;
  modelMs: number;
  dislocations: number;
  rng: RngState;
  brlRng: RngState;
  logPrices: number[];
  logRef: number;
  premiums: Record<string, number>;
  streams: Record<
    string,
    Pick<Stream, 'offset' | 'shock' | 'shockTauSec' | 'lastModelMs' | 'nextAtMs' | 'lastExchangeTs'> & {
      rng: RngState;
    }
  >;
}

/** How often (model time) a shared market is checkpointed: an engine joining runs at most this much unpublished. */
export const CHECKPOINT_EVERY_MS = 60_000;
/** Behind by more than this (a stalled process), the feed catches up unpublished and then sends the newest books. */
const MAX_LIVE_LAG_MS = 1_000;

/** One exchange's USDT/BRL premium: log offset over the reference, mean-reverting (Ornstein–Uhlenbeck). */
interface Premium {
  log: number;
  mean: number;
  sigma: number;
  tauSec: number;
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
  /** This exchange's USDT/BRL premium (BRL-quoted streams and USDT/BRL), else null. */
  premium: Premium | null;
  /** Index into the asset log-price table for base and quote (-1: USDT; -2: reference USDT/BRL; -3: BRL). */
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
const BRL = -3;

/** The symbols one exchange lists in the simulation, in publishing order. */
function symbolsOf(profile: ExchangeProfile): string[] {
  return [
    ...SIMULATED_PAIRS,
    ...profile.crossPairs,
    ...(profile.reference ? [REFERENCE_MODEL.symbol] : []),
    ...(profile.brl?.symbols.filter((s) => s !== REFERENCE_MODEL.symbol) ?? []),
  ];
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
  private readonly universe = { usdt: [] as string[], cross: [] as string[], brl: [] as string[] };
  /** The BRL side's own stream (premium drift, BRL dislocations): the USDT market of a seed is as before. */
  private readonly brlRng: Rng;
  private readonly premiums = new Map<ExchangeId, Premium>();
  private readonly logPrices: Float64Array;
  private logRef: number;
  private modelMs = 0;
  /** Wall time of model time 0 (set by the first start()); null before. */
  private epochMs: number | null = null;
  /** Whether model time 0's full round (every book once) has been made. */
  private filled = false;
  /** While catching up: each market's newest book, kept instead of published. */
  private held: Map<Stream, BookUpdate> | null = null;
  private readonly sharedClock: SharedMarketClock | undefined;
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
      | 'brlDislocationsPerMinute'
      | 'firstBrlDislocationMs'
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
    this.brlRng = new Rng(streamSeed(seed, 'brl'));
    this.tickMs = options.tickMs ?? 50;
    this.sharedClock = options.sharedClock;
    this.options = {
      dislocationsPerMinute: options.dislocationsPerMinute ?? NORMAL.dislocationsPerMinute,
      triangleDislocationsPerMinute:
        options.triangleDislocationsPerMinute ?? NORMAL.triangleDislocationsPerMinute,
      dislocationSize: options.dislocationSize ?? NORMAL.dislocationSize,
      dislocationDecayMs: options.dislocationDecayMs ?? NORMAL.dislocationDecayMs,
      firstDislocationMs: options.firstDislocationMs === undefined ? 3_000 : options.firstDislocationMs,
      brlDislocationsPerMinute: options.brlDislocationsPerMinute ?? 3,
      firstBrlDislocationMs:
        options.firstBrlDislocationMs === undefined ? 6_000 : options.firstBrlDislocationMs,
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
        if (symbol === REFERENCE_MODEL.symbol) continue;
        if (quote === 'BRL') this.universe.brl.push(marketKey(exchange, symbol));
        else if (quote === 'USDT' || quote === 'BTC')
          this.universe[quote === 'BTC' ? 'cross' : 'usdt'].push(marketKey(exchange, symbol));
      }
      const brl = profileOf(exchange).brl;
      if (brl) {
        const sigma = brl.premiumNoiseBps * 1e-4;
        const mean = brl.premiumMeanBps * 1e-4;
        this.premiums.set(exchange, {
          log: mean + sigma * this.brlRng.normal(),
          mean,
          sigma,
          tauSec: brl.premiumTauSec,
        });
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
    if (this.epochMs === null) {
      // No await without a shared clock: a virtual-time caller may start() and advance() in one go.
      const joined = this.sharedClock ? await this.sharedClock.join() : null;
      if (!this.running) return;
      this.epochMs = joined ? joined.epochMs : Math.floor(this.scheduler.now());
      if (joined?.checkpoint) this.restore(joined.checkpoint);
    }
    // Books of model time now: published as they come when on time, else the newest of each market at once.
    this.catchUp(this.scheduler.now() - this.epochMs - this.modelMs > MAX_LIVE_LAG_MS);
    this.scheduleTick();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.timer?.cancel();
    this.timer = null;
    for (const ex of this.exchanges) this.setState(ex, 'down', 'Feed parado');
  }

  private tick(): void {
    if (!this.running) return;
    const epochMs = this.epochMs!;
    this.catchUp(this.scheduler.now() - epochMs - this.modelMs > MAX_LIVE_LAG_MS + this.tickMs);
    this.scheduleTick();
  }

  private scheduleTick(): void {
    const due = this.epochMs! + this.modelMs + this.tickMs;
    this.timer = this.scheduler.schedule(due - this.scheduler.now(), () => this.tick());
  }

  /**
   * Runs the model to the last tick due (model time 0's full round first, so the books fill at once). `quietly`:
   * each market's newest book is published at the end rather than every book on the way.
   */
  private catchUp(quietly: boolean): void {
    if (quietly) this.held = new Map();
    if (!this.filled) {
      this.filled = true;
      for (const s of this.streams) this.emit(s);
    }
    const dueMs = this.scheduler.now() - this.epochMs!;
    while (this.modelMs + this.tickMs <= dueMs) {
      this.modelMs += this.tickMs;
      this.stepModel(this.tickMs / 1000);
      for (let i = 0; i < this.streams.length; i++) {
        const s = this.streams[i]!;
        if (s.nextAtMs <= this.modelMs) this.emit(s);
      }
      if (this.sharedClock && this.modelMs % CHECKPOINT_EVERY_MS === 0)
        this.sharedClock.save(this.epochMs!, this.state());
    }
    const held = this.held;
    this.held = null;
    if (held) for (const update of held.values()) this.emitUpdate(update);
  }

  /** The model's state now (a checkpoint). */
  state(): SimulatedMarketState {
    const streams: SimulatedMarketState['streams'] = {};
    for (const [key, s] of this.byKey) {
      const { offset, shock, shockTauSec, lastModelMs, nextAtMs, lastExchangeTs } = s;
      streams[key] = {
        rng: s.rng.state(),
        offset,
        shock,
        shockTauSec,
        lastModelMs,
        nextAtMs,
        lastExchangeTs,
      };
    }
    return {
      tickMs: this.tickMs,
      modelMs: this.modelMs,
      dislocations: this.dislocations,
      rng: this.rng.state(),
      brlRng: this.brlRng.state(),
      logPrices: Array.from(this.logPrices),
      logRef: this.logRef,
      premiums: Object.fromEntries([...this.premiums].map(([ex, p]) => [ex, p.log])),
      streams,
    };
  }

  /** Continues from a checkpoint of the same market (same seed and options; another tick size is ignored). */
  private restore(state: SimulatedMarketState): void {
    if (state.tickMs !== this.tickMs) return;
    this.filled = true;
    this.modelMs = state.modelMs;
    this.dislocations = state.dislocations;
    this.rng.restore(state.rng);
    this.brlRng.restore(state.brlRng);
    this.logPrices.set(state.logPrices);
    this.logRef = state.logRef;
    for (const [ex, log] of Object.entries(state.premiums)) {
      const p = this.premiums.get(ex as ExchangeId);
      if (p) p.log = log;
    }
    for (const [key, saved] of Object.entries(state.streams)) {
      const s = this.byKey.get(key);
      if (!s) continue;
      const { rng, ...rest } = saved;
      s.rng.restore(rng);
      Object.assign(s, rest);
    }
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
    for (const p of this.premiums.values()) {
      const decay = Math.exp(-dtSec / p.tauSec);
      p.log =
        p.mean + (p.log - p.mean) * decay + p.sigma * Math.sqrt(1 - decay * decay) * this.brlRng.normal();
    }
    const firstBrl = this.options.firstBrlDislocationMs;
    if (firstBrl !== null && this.modelMs - dtSec * 1000 < firstBrl && this.modelMs >= firstBrl)
      this.forceDislocation('mercadobitcoin', 'BTC/BRL', 0.015, 20_000, false);
    if (this.universe.brl.length > 0 && this.brlRng.next() < this.options.brlDislocationsPerMinute * perTick)
      this.dislocateBrl();
  }

  /** A random BRL market of a BRL exchange moves away (the BRL stream's own draws, published or not). */
  private dislocateBrl(): void {
    const target = this.brlRng.pick(this.universe.brl);
    const [lo, hi] = this.options.dislocationSize;
    const size = this.brlRng.sign() * (lo + (hi - lo) * this.brlRng.next() ** 3);
    const [tlo, thi] = this.options.dislocationDecayMs;
    const tauSec = this.brlRng.uniform(tlo, thi) / 1000;
    this.dislocations++;
    this.shock(target, size, tauSec);
  }

  /** This exchange's current USDT/BRL premium over the reference, as a fraction (0.0015 = 0.15 %). */
  premiumOf(exchange: ExchangeId): number | null {
    const p = this.premiums.get(exchange);
    return p ? Math.exp(p.log) - 1 : null;
  }

  /**
   * A forced dislocation (tests and benchmarks): moves one market by `size` (0.01 = +1 %, negative: down),
   * fading like a random one, and publishes that market's book at once.
   */
  forceDislocation(
    exchange: ExchangeId,
    symbol: string,
    size: number,
    decayMs = 20_000,
    publish = true,
  ): boolean {
    const s = this.shock(marketKey(exchange, symbol), size, decayMs / 1000);
    if (!s) return false;
    this.dislocations++;
    if (this.running && publish) this.emit(s, this.scheduler.now());
    return true;
  }

  private dislocate(cross: boolean, largest = false): void {
    // Every draw comes from the model's stream whether the market is published or not.
    const target = this.rng.pick(cross ? this.universe.cross : this.universe.usdt);
    const [lo, hi] = this.options.dislocationSize;
    const size = this.rng.sign() * (largest ? FIRST_DISLOCATION.size : lo + (hi - lo) * this.rng.next() ** 3);
    const [tlo, thi] = this.options.dislocationDecayMs;
    const drawnTauSec = this.rng.uniform(tlo, thi) / 1000;
    const tauSec = largest ? FIRST_DISLOCATION.tauSec : drawnTauSec;
    this.dislocations++;
    this.shock(target, size, tauSec);
  }

  /** Moves the market `key` by `size` (0.01 = +1 %), the move fading with time constant `tauSec`. */
  private shock(key: string, size: number, tauSec: number): Stream | undefined {
    const s = this.byKey.get(key);
    if (!s) return undefined;
    this.advanceStream(s);
    s.shock += size;
    s.shockTauSec = tauSec;
    return s;
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
    const premium = s.premium ? s.premium.log : 0;
    if (s.baseIdx === REF) return Math.exp(this.logRef + premium);
    const base = this.logPrices[s.baseIdx]!;
    if (s.quoteIdx === BRL) return Math.exp(base + this.logRef + premium);
    return s.quoteIdx === USDT ? Math.exp(base) : Math.exp(base - this.logPrices[s.quoteIdx]!);
  }

  private baseUsdt(s: Stream): number {
    return s.baseIdx === REF ? 1 : Math.exp(this.logPrices[s.baseIdx]!);
  }

  /** Makes a market's book at model time (or `receivedTs`, a forced dislocation) and publishes it (or holds it). */
  private emit(s: Stream, receivedTs = this.epochMs! + this.modelMs): void {
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
    const lag = p.latencyMs[0] + (p.latencyMs[1] - p.latencyMs[0]) * rng.next();
    const exchangeTs = Math.max(s.lastExchangeTs, Math.floor(receivedTs - lag));
    s.lastExchangeTs = exchangeTs;
    s.nextAtMs = this.modelMs + p.updateIntervalMs * (0.5 + rng.next());
    const update = { exchange: s.exchange, symbol: s.symbol, bids, asks, exchangeTs, receivedTs };
    if (this.held) this.held.set(s, update);
    else this.emitUpdate(update);
  }

  private makeStream(exchange: ExchangeId, symbol: string, profile: ExchangeProfile, rng: Rng): Stream {
    const parts = splitSymbol(symbol);
    if (!parts) throw new Error(`bad simulated symbol ${symbol}`);
    let tick: number;
    let step: number;
    let baseIdx: number;
    let quoteIdx: number;
    let own = profile;
    const brlPrecision = profile.brl?.precision[symbol];
    if (symbol === REFERENCE_MODEL.symbol) {
      tick = REFERENCE_MODEL.tickSize;
      step = REFERENCE_MODEL.amountStep;
      baseIdx = REF;
      quoteIdx = REF;
    } else if (parts.quote === 'BRL') {
      const brl = profile.brl;
      baseIdx = ASSETS.findIndex((a) => a.asset === parts.base);
      if (!brl || !brlPrecision || baseIdx < 0) throw new Error(`unknown simulated BRL market ${symbol}`);
      quoteIdx = BRL;
      tick = brlPrecision.tickSize;
      step = brlPrecision.amountStep;
      own = {
        ...profile,
        spreadBps: brl.spreadBps,
        levels: brl.levels,
        levelGapBps: brl.levelGapBps,
        topNotionalUsdt: brl.topNotionalUsdt,
      };
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
    // BRL markets and a listed USDT/BRL precision are as the exchange lists them; the others scale the reference's
    const exact = quoteIdx === BRL || brlPrecision !== undefined;
    if (brlPrecision) {
      tick = brlPrecision.tickSize;
      step = brlPrecision.amountStep;
    }
    const tickSize = exact ? tick : multipleOf(1, tick * profile.tickMultiplier, decimalsOf(tick) + 2);
    const amountStep = exact ? step : multipleOf(1, step * profile.stepMultiplier, decimalsOf(step) + 2);
    const spec: MarketSpec = {
      exchange,
      symbol,
      base: parts.base,
      quote: parts.quote,
      tickSize,
      amountStep,
      minAmount: amountStep,
      minNotional:
        parts.quote === 'USDT' ? 1 : parts.quote === 'BRL' ? (profile.brl?.minNotionalBrl ?? 0) : 0,
    };
    return {
      rng,
      exchange,
      symbol,
      spec,
      tick: multiples(tickSize),
      step: multiples(amountStep),
      profile: own,
      premium: parts.quote === 'BRL' ? (this.premiums.get(exchange) ?? null) : null,
      baseIdx,
      quoteIdx,
      liquidity:
        baseIdx === REF
          ? REFERENCE_MODEL.liquidity
          : ASSETS[baseIdx]!.liquidity * (quoteIdx === USDT || quoteIdx === BRL ? 1 : CROSS_LIQUIDITY),
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
