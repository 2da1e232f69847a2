import { DEFAULT_REBALANCE_TRANSFER_BRL, noTransferShare, PAIRS } from '@arbitra/contracts';
import type { BookSlot } from '../market-data/book-store.js';
import { floorToStep } from '../market-data/precision.js';
import type { DetectorContext } from './context.js';
import { DP, fixed } from './format.js';
import { fx, fxMul, toDecimal } from './exact.js';
import { dec, HUNDRED } from '../market-data/money.js';
import { isStale, pairFees, pairOpportunity, pairStep, PairCandidate, PeerIndex } from './pair-candidate.js';
import { RollingStats } from './rolling-stats.js';
import {
  Z_THRESHOLDS,
  type DetectedOpportunity,
  type DetectionSink,
  type Detector,
  type RiskLevel,
  type StatisticalSignal,
} from './types.js';
import { usdtValue } from './valuation.js';

export interface StatisticalOptions {
  /** Symbols (default: the 10 pairs of SPEC §9). */
  symbols?: readonly string[];
  /** Samples in the rolling window (one sample per update of either book). Default 600. */
  window?: number;
  /** No signal before the window holds this many samples. Default 100. */
  minSamples?: number;
  /** |z| at or below which an open signal exits ("near the mean"). Default 0.5. */
  exitZ?: number;
  /** An opportunity enters the registry only when its expected net % (see below) beats this. Default 0. */
  minNetPct?: number;
}

const LEVELS: readonly RiskLevel[] = ['low', 'medium', 'high'];

/** A pair of exchanges for one symbol: spread = ln(mid(a) / mid(b)) in bps. */
class PairState {
  readonly stats: RollingStats;
  /** 0: no open signal; 1: |z| ≥ high (1.5); 2: ≥ medium (2.0); 3: ≥ low (2.5). */
  band = 0;
  sign = 0;
  spread = 0;
  z = 0;
  mean = 0;
  sd = 0;
  /** sells a, buys b (a is rich when z > 0) */
  readonly aRich: StatCandidate;
  /** sells b, buys a */
  readonly bRich: StatCandidate;

  constructor(
    detector: StatisticalDetector,
    readonly a: BookSlot,
    readonly b: BookSlot,
    window: number,
  ) {
    this.stats = new RollingStats(window);
    this.aRich = new StatCandidate(detector, this, b, a);
    this.bRich = new StatCandidate(detector, this, a, b);
  }
}

export class StatCandidate extends PairCandidate<'statistical'> {
  size = 0;
  expectedNet = 0;

  constructor(
    private readonly detector: StatisticalDetector,
    readonly pair: PairState,
    buy: BookSlot,
    sell: BookSlot,
  ) {
    super('statistical', buy, sell);
  }

  build(): DetectedOpportunity | null {
    return this.detector.build(this);
  }
}

/**
 * Statistical arbitrage: for each pair and each pair of exchanges, the rolling mean, standard deviation
 * and z-score of the mid-price spread ln(mid_a / mid_b) (bps), sampled on every update of either book
 * (ring buffer, O(1)). The z-score of a new sample is taken against the window before it is added.
 *
 * Signals (onSignal): 'entry' each time |z| crosses a higher threshold of DECISIONS §8 (1.5 → high,
 * 2.0 → medium, 2.5 → low, with the risk levels it satisfies), 'exit' when |z| comes back to exitZ or the
 * spread flips side. Opportunities (registry) while |z| ≥ 1.5 and the expected reversion, net of both
 * spreads and of the taker fees of entry and exit (4 legs), is positive:
 *   expectedNet = |spread − mean| / 10⁴ − (spread_a + spread_b) / mid − 2 × (fee_a + fee_b)
 * sized at the top of book (min of best ask and best bid amounts).
 */
export class StatisticalDetector implements Detector {
  readonly strategy = 'statistical' as const;
  private readonly symbols: ReadonlySet<string>;
  private readonly window: number;
  private readonly minSamples: number;
  private readonly exitZ: number;
  private readonly minNetPct: number;
  private readonly peers = new PeerIndex<PairState>((p) => p.aRich.id);
  private readonly listeners: ((s: StatisticalSignal) => void)[] = [];

  constructor(
    private readonly ctx: DetectorContext,
    options: StatisticalOptions = {},
  ) {
    this.symbols = new Set(options.symbols ?? PAIRS);
    this.window = options.window ?? 600;
    this.minSamples = options.minSamples ?? 100;
    this.exitZ = options.exitZ ?? 0.5;
    this.minNetPct = options.minNetPct ?? 0;
  }

  /** Entry / exit signals for the bot runner. */
  onSignal(listener: (s: StatisticalSignal) => void): () => void {
    this.listeners.push(listener);
    return () => {
      const i = this.listeners.indexOf(listener);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  /** Current statistics of a pair of exchanges for a symbol (for inspection and tests). */
  pairStats(
    symbol: string,
    a: string,
    b: string,
  ): { mean: number; stdDev: number; count: number; z: number } | null {
    for (const p of this.peers.all()) {
      if (p.a.symbol === symbol && p.a.exchange === a && p.b.exchange === b)
        return { mean: p.stats.mean, stdDev: p.stats.stdDev, count: p.stats.count, z: p.z };
    }
    return null;
  }

  addMarket(slot: BookSlot): void {
    if (!this.symbols.has(slot.symbol)) return;
    this.peers.add(slot, (s, other) => {
      // fixed orientation: lower exchange index first
      const [a, b] = other.exchangeIndex < s.exchangeIndex ? [other, s] : [s, other];
      return [new PairState(this, a, b, this.window)];
    });
  }

  evaluate(slot: BookSlot, nowMs: number, sink: DetectionSink): void {
    const pairs = this.peers.of(slot);
    if (pairs === undefined) return;
    for (let i = 0; i < pairs.length; i++) this.evaluatePair(pairs[i]!, nowMs, sink);
  }

  private evaluatePair(p: PairState, nowMs: number, sink: DetectionSink): void {
    const a = p.a;
    const b = p.b;
    if (isStale(a, nowMs) || isStale(b, nowMs) || a.updates === 0 || b.updates === 0) {
      sink.absent(p.aRich);
      sink.absent(p.bRich);
      return;
    }
    const midA = a.mid;
    const midB = b.mid;
    if (!(midA > 0) || !(midB > 0)) {
      sink.absent(p.aRich);
      sink.absent(p.bRich);
      return;
    }
    const spread = Math.log(midA / midB) * 1e4;
    const stats = p.stats;
    const ready = stats.count >= this.minSamples;
    const z = ready ? stats.zScore(spread) : 0;
    p.spread = spread;
    p.z = z;
    p.mean = stats.mean;
    p.sd = stats.stdDev;
    stats.push(spread);
    if (!ready) return;
    this.signals(p, z, nowMs);
    const absZ = z < 0 ? -z : z;
    if (absZ < Z_THRESHOLDS.high) {
      sink.absent(p.aRich);
      sink.absent(p.bRich);
      return;
    }
    const rich = z > 0 ? p.aRich : p.bRich;
    sink.absent(z > 0 ? p.bRich : p.aRich);
    const buy = rich.buy;
    const sell = rich.sell;
    const ask = buy.asks[0];
    const bid = sell.bids[0];
    if (ask === undefined || bid === undefined) {
      sink.absent(rich);
      return;
    }
    const fees = this.ctx.fees;
    const costs =
      (buy.bestAsk - buy.bestBid) / buy.mid +
      (sell.bestAsk - sell.bestBid) / sell.mid +
      2 * (fees.takerAt(buy.exchangeIndex) + fees.takerAt(sell.exchangeIndex));
    const expectedNet = Math.abs(spread - p.mean) / 1e4 - costs;
    const size = floorToStep(Math.min(ask[1], bid[1]), pairStep(buy, sell));
    if (!(expectedNet * 100 > this.minNetPct) || !(size > 0)) {
      sink.absent(rich);
      return;
    }
    rich.size = size;
    rich.expectedNet = expectedNet;
    rich.fpA = size;
    rich.fpB = Math.round(expectedNet * 1e6); // reported figures move with the expectation, to 0.0001 %
    sink.found(rich);
  }

  private signals(p: PairState, z: number, nowMs: number): void {
    const absZ = Math.abs(z);
    const sign = z > 0 ? 1 : -1;
    if (p.band > 0 && (absZ <= this.exitZ || sign !== p.sign)) {
      this.emit(p, 'exit', z, nowMs, []);
      p.band = 0;
    }
    const band =
      absZ >= Z_THRESHOLDS.low ? 3 : absZ >= Z_THRESHOLDS.medium ? 2 : absZ >= Z_THRESHOLDS.high ? 1 : 0;
    if (band > p.band) {
      p.band = band;
      p.sign = sign;
      this.emit(
        p,
        'entry',
        z,
        nowMs,
        LEVELS.filter((l) => absZ >= Z_THRESHOLDS[l]),
      );
    }
  }

  private emit(p: PairState, kind: 'entry' | 'exit', z: number, at: number, riskLevels: RiskLevel[]): void {
    if (this.listeners.length === 0) return;
    const rich = (kind === 'exit' ? p.sign > 0 : z > 0) ? p.aRich : p.bRich;
    const signal: StatisticalSignal = {
      kind,
      id: rich.id,
      symbol: p.a.symbol,
      buyExchange: rich.buy.exchange,
      sellExchange: rich.sell.exchange,
      zScore: z,
      spreadBps: p.spread,
      meanBps: p.mean,
      stdDevBps: p.sd,
      riskLevels,
      at,
    };
    for (const l of this.listeners) l(signal);
  }

  build(c: StatCandidate): DetectedOpportunity | null {
    const { buy, sell, pair } = c;
    const now = this.ctx.clock.now();
    const ask = buy.asks[0];
    const bid = sell.bids[0];
    if (!ask || !bid) return null;
    const amount = fx(c.size);
    const { bf, sf } = pairFees(this.ctx, c);
    const bought = { amount, notional: fxMul(amount, fx(ask[0])), worstPrice: ask[0] };
    const sold = { amount, notional: fxMul(amount, fx(bid[0])), worstPrice: bid[0] };
    const expected = dec(c.expectedNet.toPrecision(12));
    const capital = toDecimal(bought.notional);
    const profit = capital.mul(expected);
    const quoteUsdt = usdtValue(this.ctx.store, buy.exchange, buy.quote, now);
    if (quoteUsdt === null) return null;
    const q = dec(quoteUsdt);
    const usdtBrl = dec(this.ctx.rate.current().rate);
    const netPercent = expected.mul(HUNDRED);
    const absZ = Math.abs(pair.z);
    return {
      ...pairOpportunity(c, { bought, sold, bf, sf }, netPercent, amount),
      strategy: 'statistical',
      capitalUsdt: fixed(capital.mul(q), DP.usdt),
      profitUsdt: fixed(profit.mul(q), DP.usdt),
      profitBrl: fixed(profit.mul(q).mul(usdtBrl), DP.brl),
      usdtBrl: fixed(usdtBrl, DP.rate),
      // its exit trades back on the same two exchanges: nothing to transfer
      rebalance: noTransferShare(
        profit.mul(q).mul(usdtBrl).toFixed(),
        capital.mul(q).mul(usdtBrl).toFixed(),
        DEFAULT_REBALANCE_TRANSFER_BRL,
      ),
      statistical: {
        spreadBps: pair.spread,
        meanBps: pair.mean,
        stdDevBps: pair.sd,
        zScore: pair.z,
        riskLevels: LEVELS.filter((l) => absZ >= Z_THRESHOLDS[l]),
        samples: pair.stats.count,
      },
    };
  }
}
