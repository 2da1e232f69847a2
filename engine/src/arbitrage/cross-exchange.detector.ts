import {
  crossRebalanceShare,
  DEFAULT_REBALANCE_TRANSFER_BRL,
  SHIPPED_TRANSFER_FEES,
  undoRoutes,
  type UndoRoutes,
} from '@arbitra/contracts';
import type { BookSlot } from '../market-data/book-store.js';
import { floorToStep } from '../market-data/precision.js';
import { CrossWalk, fillExact, fillValue, walkCross } from './book-walk.js';
import type { DetectorContext } from './context.js';
import { DP, fixed } from './format.js';
import { fx, fxFloorTo, toDecimal } from './exact.js';
import { dec, HUNDRED, ONE, type Dec } from '../market-data/money.js';
import { isStale, pairFees, pairOpportunity, pairStep, PairCandidate, PeerIndex } from './pair-candidate.js';
import type { DetectedOpportunity, DetectionSink, Detector } from './types.js';
import { usdtValue } from './valuation.js';

export interface CrossExchangeOptions {
  /** Symbols to compare across exchanges (default: every symbol seen on two or more exchanges). */
  symbols?: readonly string[];
  /** Minimum net profit, percent. Opportunities must beat it strictly. Default 0. */
  minNetPct?: number;
}

/** Buy `buy`'s asks, sell into `sell`'s bids. */
export class CrossCandidate extends PairCandidate<'arbitrage'> {
  /** Executable amount of the latest positive evaluation (rounded to both markets' steps). */
  amount = 0;
  /** The transfers that would undo its inventory move, looked up once (in memory, off the detection path). */
  readonly undo: UndoRoutes;

  constructor(
    private readonly detector: CrossExchangeDetector,
    buy: BookSlot,
    sell: BookSlot,
  ) {
    super('arbitrage', buy, sell);
    this.undo = undoRoutes(SHIPPED_TRANSFER_FEES, buy.base, buy.quote, buy.exchange, sell.exchange);
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
  private readonly peers = new PeerIndex<CrossCandidate>((c) => c.id);
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
    return this.peers.all();
  }

  addMarket(slot: BookSlot): void {
    if (this.symbols && !this.symbols.has(slot.symbol)) return;
    this.peers.add(slot, (s, other) => [
      new CrossCandidate(this, s, other),
      new CrossCandidate(this, other, s),
    ]);
  }

  evaluate(slot: BookSlot, nowMs: number, sink: DetectionSink): void {
    const list = this.peers.of(slot);
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
    if (ask === undefined || bid === undefined || isStale(buy, nowMs) || isStale(sell, nowMs)) {
      sink.absent(c);
      return;
    }
    const { bf, sf } = pairFees(this.ctx, c);
    // quick reject: the best bid does not even beat the best ask after fees
    if (bid[0] * (1 - sf) <= ask[0] * (1 + bf)) {
      sink.absent(c);
      return;
    }
    walkCross(asks, bids, bf, sf, this.walk);
    const amount = floorToStep(this.walk.amount, pairStep(buy, sell));
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
    const amount = fxFloorTo(fx(c.amount), fx(pairStep(buy, sell)));
    if (amount <= 0n) return null;
    const { bf, sf } = pairFees(this.ctx, c);
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
    /** R$ per unit of the quote. */
    let quoteBrl: Dec;
    if (buy.quote === 'BRL') {
      // a BRL market (issue 15): the profit is in reais as it is; USDT at the reference rate
      profitBrl = profit;
      profitUsdt = profit.div(usdtBrl);
      capitalUsdt = capital.div(usdtBrl);
      quoteBrl = ONE;
    } else {
      const quoteUsdt = usdtValue(this.ctx.store, buy.exchange, buy.quote, now);
      if (quoteUsdt === null) return null;
      const q = dec(quoteUsdt);
      profitUsdt = profit.mul(q);
      profitBrl = profitUsdt.mul(usdtBrl);
      capitalUsdt = capital.mul(q);
      quoteBrl = q.mul(usdtBrl);
    }
    const bought$ = toDecimal(bought.notional);
    const rebalance = crossRebalanceShare(
      {
        base: buy.base,
        quote: buy.quote,
        buyExchange: buy.exchange,
        sellExchange: sell.exchange,
        amount: toDecimal(amount).toFixed(),
        price: bought$.div(toDecimal(amount)).toFixed(),
        quoteBrl: quoteBrl.toFixed(),
        netBrl: profitBrl.toFixed(),
        capitalBrl: capital.mul(quoteBrl).toFixed(),
      },
      c.undo,
      DEFAULT_REBALANCE_TRANSFER_BRL,
    );
    return {
      ...pairOpportunity(c, { bought, sold, bf, sf }, netPercent, amount),
      strategy: 'arbitrage',
      capitalUsdt: fixed(capitalUsdt, DP.usdt),
      profitUsdt: fixed(profitUsdt, DP.usdt),
      profitBrl: fixed(profitBrl, DP.brl),
      usdtBrl: fixed(usdtBrl, DP.rate),
      rebalance,
    };
  }
}
