import type { BookSlot } from '../market-data/book-store.js';
import { decimalsOf, floorToStep } from '../market-data/precision.js';
import { CrossWalk, fillExact, fillValue, walkCross } from './book-walk.js';
import type { DetectorContext } from './context.js';
import { DP, fixed, legFrom } from './format.js';
import { fx, fxFloorTo, fxToFixed, toDecimal } from './exact.js';
import { dec, HUNDRED, ONE, type Dec } from '../market-data/money.js';
import type { Candidate, DetectedOpportunity, DetectionSink, Detector } from './types.js';
import { usdtValue } from './valuation.js';

export interface CrossExchangeOptions {
  /** Symbols to compare across exchanges (default: every symbol seen on two or more exchanges). */
  symbols?: readonly string[];
  /** Minimum net profit, percent. Opportunities must beat it strictly. Default 0. */
  minNetPct?: number;
}

/** Buy `buy`'s asks, sell into `sell`'s bids. */
export class CrossCandidate implements Candidate {
  readonly strategy = 'arbitrage' as const;
  readonly id: string;
  readonly inputs: readonly BookSlot[];
  fpA = 0;
  fpB = 0;
  active = false;
  /** Executable amount of the latest positive evaluation (rounded to both markets' steps). */
  amount = 0;

  constructor(
    private readonly detector: CrossExchangeDetector,
    readonly buy: BookSlot,
    readonly sell: BookSlot,
  ) {
    this.id = `arbitrage:${buy.symbol}:${buy.exchange}>${sell.exchange}`;
    this.inputs = [buy, sell];
  }

  build(): DetectedOpportunity | null {
    return this.detector.build(this);
  }
}

/**
 * Cross-exchange arbitrage: for each symbol and each ordered pair of exchanges, buy the asks of one and
 * sell the bids of the other, walking both books to the largest size whose marginal profit after both
 * taker fees stays ≥ 0; the size is rounded down to both markets' amount steps. An update of one book
 * evaluates only the 2 × (exchanges − 1) candidates that read it.
 */
export class CrossExchangeDetector implements Detector {
  readonly strategy = 'arbitrage' as const;
  private readonly symbols: ReadonlySet<string> | null;
  private readonly minNetPct: number;
  private readonly bySymbol = new Map<string, BookSlot[]>();
  private readonly bySlot: CrossCandidate[][] = [];
  private readonly walk = new CrossWalk();

  constructor(
    private readonly ctx: DetectorContext,
    options: CrossExchangeOptions = {},
  ) {
    this.symbols = options.symbols ? new Set(options.symbols) : null;
    this.minNetPct = options.minNetPct ?? 0;
  }

  /** Every candidate (for inspection and tests). */
  candidates(): CrossCandidate[] {
    return [...new Set(this.bySlot.flat())];
  }

  addMarket(slot: BookSlot): void {
    if (this.symbols && !this.symbols.has(slot.symbol)) return;
    let peers = this.bySymbol.get(slot.symbol);
    if (!peers) this.bySymbol.set(slot.symbol, (peers = []));
    if (peers.includes(slot)) return;
    for (const other of peers) {
      const a = new CrossCandidate(this, slot, other);
      const b = new CrossCandidate(this, other, slot);
      for (const c of [a, b]) {
        (this.bySlot[slot.id] ??= []).push(c);
        (this.bySlot[other.id] ??= []).push(c);
      }
    }
    peers.push(slot);
  }

  evaluate(slot: BookSlot, nowMs: number, sink: DetectionSink): void {
    const list = this.bySlot[slot.id];
    if (list === undefined) return;
    for (let i = 0; i < list.length; i++) this.evaluateOne(list[i]!, nowMs, sink);
  }

  private evaluateOne(c: CrossCandidate, nowMs: number, sink: DetectionSink): void {
    const buy = c.buy;
    const sell = c.sell;
    const asks = buy.asks;
    const bids = sell.bids;
    const ask = asks[0];
    const bid = bids[0];
    if (
      ask === undefined ||
      bid === undefined ||
      nowMs - buy.receivedTs > buy.staleAfterMs ||
      nowMs - sell.receivedTs > sell.staleAfterMs
    ) {
      sink.absent(c);
      return;
    }
    const fees = this.ctx.fees;
    const bf = fees.takerAt(buy.exchangeIndex);
    const sf = fees.takerAt(sell.exchangeIndex);
    // quick reject: the best bid does not even beat the best ask after fees
    if (bid[0] * (1 - sf) <= ask[0] * (1 + bf)) {
      sink.absent(c);
      return;
    }
    walkCross(asks, bids, bf, sf, this.walk);
    const step = buy.spec.amountStep > sell.spec.amountStep ? buy.spec.amountStep : sell.spec.amountStep;
    const amount = floorToStep(this.walk.amount, step);
    if (!(amount > 0) || amount < buy.spec.minAmount || amount < sell.spec.minAmount) {
      sink.absent(c);
      return;
    }
    const cost = amount === this.walk.amount ? this.walk.cost : fillValue(asks, amount);
    const proceeds = amount === this.walk.amount ? this.walk.proceeds : fillValue(bids, amount);
    const capital = cost * (1 + bf);
    const net = proceeds * (1 - sf) - capital;
    if (
      !((net / capital) * 100 > this.minNetPct) ||
      cost < buy.spec.minNotional ||
      proceeds < sell.spec.minNotional
    ) {
      sink.absent(c);
      return;
    }
    c.amount = amount;
    c.fpA = amount;
    c.fpB = net;
    sink.found(c);
  }

  /**
   * Exact figures of a candidate's latest positive evaluation, from the current books: level sums in
   * exact fixed point (exact.ts), the money figures in decimal.js.
   */
  build(c: CrossCandidate): DetectedOpportunity | null {
    const { buy, sell } = c;
    const now = this.ctx.clock.now();
    const step = Math.max(buy.spec.amountStep, sell.spec.amountStep);
    const amount = fxFloorTo(fx(c.amount), fx(step));
    if (amount <= 0n) return null;
    const bf = this.ctx.fees.takerAt(buy.exchangeIndex);
    const sf = this.ctx.fees.takerAt(sell.exchangeIndex);
    const bought = fillExact(buy.asks, amount);
    const sold = fillExact(sell.bids, amount);
    if (bought.amount !== amount || sold.amount !== amount) return null;
    const capital = toDecimal(bought.notional).mul(ONE.plus(dec(bf)));
    const proceeds = toDecimal(sold.notional).mul(ONE.minus(dec(sf)));
    const profit = proceeds.minus(capital);
    if (profit.lte(0)) return null;
    const netPercent = profit.div(capital).mul(HUNDRED);
    if (!(netPercent.toNumber() > this.minNetPct)) return null;
    const usdtBrl = dec(this.ctx.rate.current().rate);
    let profitUsdt: Dec;
    let profitBrl: Dec;
    let capitalUsdt: Dec;
    if (buy.quote === 'BRL') {
      // a BRL market (issue 15): the profit is in reais as it is; USDT at the reference rate
      profitBrl = profit;
      profitUsdt = profit.div(usdtBrl);
      capitalUsdt = capital.div(usdtBrl);
    } else {
      const quoteUsdt = usdtValue(this.ctx.store, buy.exchange, buy.quote, now);
      if (quoteUsdt === null) return null;
      const q = dec(quoteUsdt);
      profitUsdt = profit.mul(q);
      profitBrl = profitUsdt.mul(usdtBrl);
      capitalUsdt = capital.mul(q);
    }
    return {
      id: c.id,
      strategy: 'arbitrage',
      exchanges: [buy.exchange, sell.exchange],
      symbols: [buy.symbol],
      direction: `${buy.exchange}>${sell.exchange}`,
      legs: [legFrom(buy, 'buy', bought, bf), legFrom(sell, 'sell', sold, sf)],
      netPct: netPercent.toNumber(),
      netPercent: fixed(netPercent, DP.percent),
      size: fxToFixed(amount, decimalsOf(step)),
      sizeAsset: buy.base,
      capitalUsdt: fixed(capitalUsdt, DP.usdt),
      profitUsdt: fixed(profitUsdt, DP.usdt),
      profitBrl: fixed(profitBrl, DP.brl),
      usdtBrl: fixed(usdtBrl, DP.rate),
    };
  }
}
