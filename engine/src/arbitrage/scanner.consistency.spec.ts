import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { VirtualScheduler } from '../market-data/clock.js';
import { SimulatedFeed } from '../market-data/simulated.feed.js';
import type { PriceLevel } from '../market-data/types.js';
import { ArbitrageScanner } from './scanner.js';
import type { Opportunity } from './types.js';

// Consistency: 4 simulated minutes (seed 42, virtual time) through the whole pipeline.
// Opportunities must appear and vanish at a plausible rate, and the figures of one cross-exchange and
// one triangular opportunity are recomputed here, independently (plain decimal arithmetic over a copy of
// the books they came from), and must match to the last reported digit.

const MINUTES = 4;

interface Captured {
  opportunity: Opportunity;
  books: Map<string, { bids: PriceLevel[]; asks: PriceLevel[]; step: number }>;
  fees: Map<string, number>;
  usdtBrl: number;
}

const D = (x: number | string): Decimal => new Decimal(x);

/** Σ price × qty of the first `amount` of a side, and the price of the level holding unit `amount`. */
function take(levels: PriceLevel[], amount: Decimal): { value: Decimal; enough: boolean } {
  let left = amount;
  let value = D(0);
  for (const [p, a] of levels) {
    if (left.lte(0)) break;
    const q = Decimal.min(D(a), left);
    value = value.plus(q.mul(D(p)));
    left = left.minus(q);
  }
  return { value, enough: left.lte(0) };
}

function priceAt(levels: PriceLevel[], q: Decimal): number | null {
  let cum = D(0);
  for (const [p, a] of levels) {
    cum = cum.plus(D(a));
    if (cum.gte(q)) return p;
  }
  return null;
}

describe('scanner: consistency over simulated minutes', () => {
  it('finds a plausible number of opportunities whose numbers match their books', () => {
    const clock = new VirtualScheduler();
    const feed = new SimulatedFeed({ seed: 42, scheduler: clock });
    const scanner = new ArbitrageScanner({ clock });
    scanner.attach(feed);

    const addedPerMinute = new Array<number>(MINUTES).fill(0);
    const lifetimes: number[] = [];
    const start = clock.now();
    let cross: Captured | null = null;
    let triangle: Captured | null = null;
    const capture = (o: Opportunity): Captured => {
      const books = new Map<string, { bids: PriceLevel[]; asks: PriceLevel[]; step: number }>();
      const fees = new Map<string, number>();
      for (const leg of o.legs) {
        const slot = scanner.store.get(leg.exchange, leg.symbol)!;
        books.set(`${leg.exchange}|${leg.symbol}`, {
          bids: slot.bids.map((l) => [l[0], l[1]]),
          asks: slot.asks.map((l) => [l[0], l[1]]),
          step: slot.spec.amountStep,
        });
        fees.set(leg.exchange, scanner.fees.taker(leg.exchange));
      }
      return { opportunity: o, books, fees, usdtBrl: scanner.rate.current().rate };
    };
    scanner.registry.on({
      added: (o) => {
        // the USDT markets' count (the BRL markets of issue 15 add their own, in reais, on two exchanges)
        if (o.symbols.some((x) => x.endsWith('/BRL'))) return;
        addedPerMinute[Math.min(MINUTES - 1, Math.floor((clock.now() - start) / 60_000))]!++;
        if (o.strategy === 'arbitrage' && o.symbols[0]!.endsWith('/USDT') && !cross) cross = capture(o);
        if (o.strategy === 'triangular' && !triangle) triangle = capture(o);
      },
      removed: (o) => lifetimes.push(o.ageMs),
    });

    void feed.start();
    for (let t = 0; t < MINUTES * 60_000; t += 500) {
      clock.advance(500);
      scanner.sweep();
    }
    void feed.stop();

    // appear and vanish, at a plausible rate
    const total = addedPerMinute.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(MINUTES); // at least one a minute on average
    for (const n of addedPerMinute) expect(n).toBeLessThanOrEqual(60); // not absurdly many
    expect(lifetimes.length).toBeGreaterThanOrEqual(total - scanner.registry.size);
    expect(lifetimes.length).toBeGreaterThan(0);
    lifetimes.sort((a, b) => a - b);
    expect(lifetimes[Math.floor(lifetimes.length / 2)]!).toBeLessThan(60_000);
    const m = scanner.metricsSnapshot().marketData;
    expect(Object.values(m.rejectedTotal).reduce((a, b) => a + b, 0)).toBe(0);

    // cross-exchange, recomputed from its books
    expect(cross).not.toBeNull();
    const c: Captured = cross!;
    const [buyLeg, sellLeg] = c.opportunity.legs as [Opportunity['legs'][0], Opportunity['legs'][0]];
    const buyBook = c.books.get(`${buyLeg.exchange}|${buyLeg.symbol}`)!;
    const sellBook = c.books.get(`${sellLeg.exchange}|${sellLeg.symbol}`)!;
    const fb = c.fees.get(buyLeg.exchange)!;
    const fs = c.fees.get(sellLeg.exchange)!;
    const size = D(c.opportunity.size);
    const bought = take(buyBook.asks, size);
    const sold = take(sellBook.bids, size);
    expect(bought.enough && sold.enough).toBe(true);
    expect(D(buyLeg.notional).eq(bought.value)).toBe(true);
    expect(D(sellLeg.notional).eq(sold.value)).toBe(true);
    const capital = bought.value.mul(D(1).plus(fb));
    const profit = sold.value.mul(D(1).minus(fs)).minus(capital);
    expect(profit.gt(0)).toBe(true);
    expect(c.opportunity.profitUsdt).toBe(profit.toFixed(8));
    expect(c.opportunity.capitalUsdt).toBe(capital.toFixed(8));
    expect(c.opportunity.netPercent).toBe(profit.div(capital).mul(100).toFixed(4));
    expect(c.opportunity.usdtBrl).toBe(D(c.usdtBrl).toFixed(4));
    expect(c.opportunity.profitBrl).toBe(profit.mul(D(c.usdtBrl)).toFixed(4));
    // size is a multiple of both steps, and one more step would cross the marginal-profit line or the depth
    const step = D(Math.max(buyBook.step, sellBook.step));
    expect(size.mod(step).eq(0)).toBe(true);
    const next = size.plus(step);
    const pa = priceAt(buyBook.asks, next);
    const pb = priceAt(sellBook.bids, next);
    if (pa !== null && pb !== null)
      expect(
        D(pb)
          .mul(D(1).minus(fs))
          .lt(D(pa).mul(D(1).plus(fb))),
      ).toBe(true);

    // triangular, recomputed leg by leg from its books
    expect(triangle).not.toBeNull();
    const tr: Captured = triangle!;
    let received: Decimal | null = null;
    let spent: Decimal | null = null;
    for (const leg of tr.opportunity.legs) {
      const book = tr.books.get(`${leg.exchange}|${leg.symbol}`)!;
      const amount = D(leg.amount);
      const fill = take(leg.side === 'buy' ? book.asks : book.bids, amount);
      expect(fill.enough).toBe(true);
      expect(D(leg.notional).eq(fill.value)).toBe(true);
      const input = leg.side === 'buy' ? fill.value : amount; // what this leg spends
      if (received) expect(input.lte(received)).toBe(true); // never spends more than the previous leg gave
      spent ??= input;
      const f = D(1).minus(tr.fees.get(leg.exchange)!);
      received = leg.side === 'buy' ? amount.mul(f) : fill.value.mul(f);
    }
    const triProfit = received!.minus(spent!);
    expect(triProfit.gt(0)).toBe(true);
    expect(tr.opportunity.sizeAsset).toBe('USDT');
    expect(tr.opportunity.profitUsdt).toBe(triProfit.toFixed(8));
    expect(tr.opportunity.netPercent).toBe(triProfit.div(spent!).mul(100).toFixed(4));
  });
});
