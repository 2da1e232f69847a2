import { DEFAULT_REBALANCE_TRANSFER_BRL, noTransferShare, type ExchangeId } from '@arbitra/contracts';
import type { BookSlot } from '../market-data/book-store.js';
import { decimalsOf } from '../market-data/precision.js';
import {
  affordableExact,
  CycleWalk,
  fillExact,
  walkCycle,
  type CycleLeg,
  type ExactFill,
} from './book-walk.js';
import { fx, fxFloorTo, fxMul, FX_ONE, toDecimal, type Fx } from './exact.js';
import type { DetectorContext } from './context.js';
import { DP, fixed, legFrom } from './format.js';
import { dec, HUNDRED } from '../market-data/money.js';
import type { Candidate, DetectedOpportunity, DetectionSink, Detector, OpportunityLeg } from './types.js';
import { usdtValue } from './valuation.js';
import type { PriceLevel } from '../market-data/types.js';

export interface TriangularOptions {
  /** Only these exchanges (default: all). */
  exchanges?: readonly ExchangeId[];
  /** Minimum net profit, percent (strictly above). Default 0. */
  minNetPct?: number;
  /** Preferred starting currencies, first match wins (default USDT, BRL, BTC, ETH, BNB, then alphabetical). */
  startCurrencies?: readonly string[];
}

/**
 * What a triangle's build reads, frozen at a sighting (for a build the registry defers). The markets' precisions
 * (MarketSpec) are read at the build: they change only when the exchange's market list is reloaded.
 */
export interface TriangleSnapshot {
  /** The side each leg walks (asks to buy, bids to sell): the book arrays of that moment (never mutated). */
  sides: readonly (readonly PriceLevel[])[];
  /** Starting amount of the float walk. */
  input: number;
  /** The exchange's taker fee (every leg's). */
  fee: number;
  /** USDT value of one unit of the starting currency; null when unknown. */
  unit: number | null;
  usdtBrl: number;
}

/** One direction of a triangle on one exchange: start → b → c → start. */
export class TriangleCandidate implements Candidate {
  readonly strategy = 'triangular' as const;
  readonly id: string;
  readonly inputs: readonly BookSlot[];
  /** Taker fee of each leg, as of the latest evaluation. */
  readonly fees = new Float64Array(3);
  /**
   * Top-of-book conversion rate of each leg after its fee (what it gives per unit put in at its best level),
   * as of that leg's latest book: an update recomputes only the updated leg's. NaN while a leg has no book.
   */
  readonly rates = new Float64Array(3).fill(NaN);
  /** 1 − the fee the cached rates were computed with. */
  keep = NaN;
  fpA = 0;
  fpB = 0;
  active = false;
  /** Found from the top-of-book bound; the depth walk (input, fpA, fpB) is not done yet: see measure(). */
  unmeasured = false;
  /** Starting amount of the latest positive evaluation (float, before rounding). */
  input = 0;

  constructor(
    private readonly detector: TriangularDetector,
    readonly exchange: ExchangeId,
    /** Currencies along the cycle, e.g. ['USDT', 'BTC', 'ETH', 'USDT']. */
    readonly path: readonly string[],
    readonly legs: readonly CycleLeg[],
  ) {
    this.id = `triangular:${exchange}:${path.join('>')}`;
    this.inputs = legs.map((l) => l.slot);
  }

  /** The depth walk of the current books: input and fingerprint. */
  measure(): void {
    this.detector.measure(this);
  }

  snapshot(): TriangleSnapshot {
    return this.detector.snapshot(this);
  }

  build(snapshot?: unknown): DetectedOpportunity | null {
    return this.detector.build(this, snapshot as TriangleSnapshot | undefined);
  }
}

/**
 * Above this top-of-book rate product a cycle is certainly profitable after the depth walk (its first unit
 * gains more than float rounding can eat), so with minNetPct ≤ 0 it is reported found without walking.
 */
const SURE_RATE = 1 + 1e-9;

const DEFAULT_START = ['USDT', 'BRL', 'BTC', 'ETH', 'BNB'];

/**
 * Triangular arbitrage: every three-leg cycle among the markets watched on one exchange, both directions,
 * depth-aware (each leg's book is walked) with each leg's taker fee deducted from what it receives.
 * Triangles are found incrementally as markets appear; an update evaluates only the triangles that use
 * the updated market, and most are rejected on the top-of-book rate product alone.
 *
 * The depth walk is lazy (with minNetPct ≤ 0): a cycle whose top-of-book product is above 1 is profitable
 * whatever its depth gives, so it is reported found at once and walked (TriangleCandidate.measure) only when
 * the registry may publish its figures — a new opportunity, or a live one past its update interval. An update
 * of a hub book (BTC/USDT, ETH/BTC...) re-evaluates ~350 directions, half of which stay profitable while the hub
 * is dislocated: those re-sightings cost a product of three rates, not three book walks.
 */
export class TriangularDetector implements Detector {
  readonly strategy = 'triangular' as const;
  private readonly allowed: ReadonlySet<ExchangeId> | null;
  private readonly minNetPct: number;
  private readonly start: readonly string[];
  /** exchange → currency → currency → market between them. */
  private readonly graph = new Map<ExchangeId, Map<string, Map<string, BookSlot>>>();
  private readonly bySlot: TriangleCandidate[][] = [];
  /** Per slot id, for each direction of bySlot: which of its legs that slot is. */
  private readonly legIndex: number[][] = [];
  private readonly walk = new CycleWalk();
  private count = 0;

  constructor(
    private readonly ctx: DetectorContext,
    options: TriangularOptions = {},
  ) {
    this.allowed = options.exchanges ? new Set(options.exchanges) : null;
    this.minNetPct = options.minNetPct ?? 0;
    this.start = options.startCurrencies ?? DEFAULT_START;
  }

  /** Number of triangles (each evaluated in both directions). */
  get triangles(): number {
    return this.count;
  }

  candidates(): TriangleCandidate[] {
    return [...new Set(this.bySlot.flat())];
  }

  addMarket(slot: BookSlot): void {
    if (this.allowed && !this.allowed.has(slot.exchange)) return;
    if (!slot.base || !slot.quote || slot.base === slot.quote) return;
    let g = this.graph.get(slot.exchange);
    if (!g) this.graph.set(slot.exchange, (g = new Map<string, Map<string, BookSlot>>()));
    const fromBase = g.get(slot.base);
    if (fromBase?.has(slot.quote)) return; // the reverse market already links them (e.g. both BTC/X and X/BTC)
    const fromQuote = g.get(slot.quote);
    if (fromBase && fromQuote) {
      for (const [c, baseC] of fromBase) {
        const quoteC = fromQuote.get(c);
        if (quoteC) this.addTriangle(slot.exchange, [slot.base, slot.quote, c], [slot, baseC, quoteC]);
      }
    }
    link(g, slot.base, slot.quote, slot);
    link(g, slot.quote, slot.base, slot);
  }

  /**
   * An update of `slot`: its new top-of-book rates (to buy with its quote, to sell its base) go into each
   * direction that uses it, whose cached rates of the other two legs make the product of the three — the
   * top-of-book bound — without reading their books. A direction whose bound is ≤ 1 is absent whatever its
   * depth (nothing to report unless the registry holds it); only the others are checked further.
   */
  evaluate(slot: BookSlot, nowMs: number, sink: DetectionSink): void {
    const list = this.bySlot[slot.id];
    if (list === undefined) return;
    const legOf = this.legIndex[slot.id]!;
    const keep = 1 - this.ctx.fees.takerAt(slot.exchangeIndex);
    const ask = slot.asks[0];
    const bid = slot.bids[0];
    const buyRate = ask === undefined ? NaN : keep / ask[0];
    const sellRate = bid === undefined ? NaN : bid[0] * keep;
    for (let i = 0; i < list.length; i++) {
      const c = list[i]!;
      const rates = c.rates;
      if (c.keep !== keep) this.cacheRates(c, keep);
      else {
        const k = legOf[i]!;
        rates[k] = c.legs[k]!.buy ? buyRate : sellRate;
      }
      const rate = rates[0]! * rates[1]! * rates[2]!;
      if (rate > 1) this.evaluateOne(c, rate, nowMs, sink);
      else if (c.active) sink.absent(c);
    }
  }

  /** Every leg's top-of-book rate from its current book (a new direction, or the fee changed). */
  private cacheRates(c: TriangleCandidate, keep: number): void {
    c.keep = keep;
    for (let k = 0; k < 3; k++) {
      const { slot, buy } = c.legs[k]!;
      const level = (buy ? slot.asks : slot.bids)[0];
      c.rates[k] = level === undefined ? NaN : buy ? keep / level[0] : level[0] * keep;
    }
  }

  private addTriangle(exchange: ExchangeId, currencies: string[], markets: BookSlot[]): void {
    const g = this.graph.get(exchange)!;
    const start = this.pickStart(currencies);
    const [b, c] = currencies.filter((x) => x !== start).sort();
    for (const path of [
      [start, b!, c!, start],
      [start, c!, b!, start],
    ]) {
      const legs: CycleLeg[] = [];
      for (let k = 0; k < 3; k++) {
        const from = path[k]!;
        const to = path[k + 1]!;
        const slot =
          g.get(from)?.get(to) ??
          markets.find((m) => (m.base === from && m.quote === to) || (m.base === to && m.quote === from));
        if (!slot) return;
        legs.push({ slot, buy: slot.quote === from }); // holding the quote: buy the base
      }
      const cand = new TriangleCandidate(this, exchange, path, legs);
      legs.forEach((leg, k) => {
        (this.bySlot[leg.slot.id] ??= []).push(cand);
        (this.legIndex[leg.slot.id] ??= []).push(k);
      });
    }
    this.count++;
  }

  private pickStart(currencies: string[]): string {
    for (const s of this.start) if (currencies.includes(s)) return s;
    return [...currencies].sort()[0]!;
  }

  /** A direction whose top-of-book bound `rate` is above 1: fresh books? walked now or found lazily. */
  private evaluateOne(c: TriangleCandidate, rate: number, nowMs: number, sink: DetectionSink): void {
    const legs = c.legs;
    const fees = c.fees;
    const fee = this.ctx.fees.takerAt(legs[0]!.slot.exchangeIndex); // one exchange: every leg's fee
    for (let k = 0; k < 3; k++) {
      const s = legs[k]!.slot;
      if (s.updates === 0 || nowMs - s.receivedTs > s.staleAfterMs) {
        sink.absent(c);
        return;
      }
      fees[k] = fee;
    }
    if (rate > SURE_RATE && this.minNetPct <= 0) {
      c.unmeasured = true;
      sink.found(c);
      return;
    }
    if (this.measure(c)) sink.found(c);
    else sink.absent(c);
  }

  /** Walks the cycle's depth: sets input and fingerprint; false when it does not clear minNetPct. */
  measure(c: TriangleCandidate): boolean {
    walkCycle(c.legs, c.fees, this.walk);
    const { input, output } = this.walk;
    c.unmeasured = false;
    c.input = input;
    c.fpA = input;
    c.fpB = output;
    return input > 0 && ((output - input) / input) * 100 > this.minNetPct;
  }

  /** What build() reads, as it is now. */
  snapshot(c: TriangleCandidate): TriangleSnapshot {
    if (c.unmeasured) this.measure(c);
    const sides: PriceLevel[][] = [];
    for (const { slot, buy } of c.legs) sides.push(buy ? slot.asks : slot.bids);
    return {
      sides,
      input: c.input,
      fee: this.ctx.fees.takerAt(c.legs[0]!.slot.exchangeIndex),
      unit: usdtValue(this.ctx.store, c.exchange, c.path[0]!, this.ctx.clock.now()),
      usdtBrl: this.ctx.rate.current().rate,
    };
  }

  /**
   * Exact figures: runs the cycle leg by leg in decimals from the float walk's starting amount, each
   * leg's base amount rounded down to its market's step; leftovers ("dust") of an intermediate currency
   * are not counted as profit. Null when rounding or the minimums leave no profit.
   */
  build(c: TriangleCandidate, snapshot: TriangleSnapshot = this.snapshot(c)): DetectedOpportunity | null {
    let available: Fx = fx(snapshot.input);
    let spent: Fx | null = null;
    const legs: OpportunityLeg[] = [];
    for (let k = 0; k < 3; k++) {
      const { slot, buy } = c.legs[k]!;
      const fee = snapshot.fee;
      const keep = FX_ONE - fx(fee);
      const spec = slot.spec;
      const step = fx(spec.amountStep);
      let fill: ExactFill;
      let received: Fx;
      let used: Fx;
      const side = snapshot.sides[k]!;
      if (buy) {
        fill = fillExact(side, affordableExact(side, available, step));
        used = fill.notional;
        received = fxMul(fill.amount, keep);
      } else {
        fill = fillExact(side, fxFloorTo(available, step));
        used = fill.amount;
        received = fxMul(fill.notional, keep);
      }
      if (fill.amount <= 0n || fill.amount < fx(spec.minAmount) || fill.notional < fx(spec.minNotional))
        return null;
      legs.push(legFrom(slot, buy ? 'buy' : 'sell', fill, fee));
      spent ??= used;
      available = received;
    }
    const capital = toDecimal(spent!);
    const profit = toDecimal(available).minus(capital);
    if (profit.lte(0)) return null;
    const netPercent = profit.div(capital).mul(HUNDRED);
    if (!(netPercent.toNumber() > this.minNetPct)) return null;
    const startCurrency = c.path[0]!;
    if (snapshot.unit === null) return null;
    const u = dec(snapshot.unit);
    const usdtBrl = dec(snapshot.usdtBrl);
    const profitUsdt = profit.mul(u);
    const first = c.legs[0]!;
    const sizeDp = first.buy
      ? decimalsOf(first.slot.spec.tickSize) + decimalsOf(first.slot.spec.amountStep)
      : decimalsOf(first.slot.spec.amountStep);
    return {
      id: c.id,
      strategy: 'triangular',
      exchanges: [c.exchange],
      symbols: c.legs.map((l) => l.slot.symbol),
      direction: c.path.join('>'),
      legs,
      netPct: netPercent.toNumber(),
      netPercent: fixed(netPercent, DP.percent),
      size: capital.toFixed(sizeDp),
      sizeAsset: startCurrency,
      capitalUsdt: fixed(capital.mul(u), DP.usdt),
      profitUsdt: fixed(profitUsdt, DP.usdt),
      profitBrl: fixed(profitUsdt.mul(usdtBrl), DP.brl),
      usdtBrl: fixed(usdtBrl, DP.rate),
      // one exchange: nothing to transfer
      rebalance: noTransferShare(
        profitUsdt.mul(usdtBrl).toFixed(),
        capital.mul(u).mul(usdtBrl).toFixed(),
        DEFAULT_REBALANCE_TRANSFER_BRL,
      ),
    };
  }
}

function link(g: Map<string, Map<string, BookSlot>>, from: string, to: string, slot: BookSlot): void {
  let m = g.get(from);
  if (!m) g.set(from, (m = new Map<string, BookSlot>()));
  m.set(to, slot);
}
