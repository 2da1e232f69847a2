import { BRL_MARKETS } from '@arbitra/contracts';
import { describe, expect, it } from 'vitest';
import { BookStore } from './book-store.js';
import { VirtualScheduler } from './clock.js';
import { EXCHANGE_PROFILES } from './simulated-market.js';
import { SimulatedFeed } from './simulated.feed.js';
import type { BookUpdate } from './types.js';

const mid = (u: BookUpdate) => (u.bids[0]![0] + u.asks[0]![0]) / 2;

// Figures by hand (issue 15): at the first round every price is its model's start, BTC 95 000 USDT, USDT/BRL 5,45;
// with the books' own noise switched off, each exchange's BRL books carry only its USDT/BRL premium (its mean):
//   Mercado Bitcoin +20 bps: USDT/BRL 5,45 × e^0,002 = 5,460910…  BTC/BRL 95 000 × 5,460910… = 518 786,54…
//   Binance −10 bps:        USDT/BRL 5,45 × e^−0,001 = 5,444553…  BTC/BRL 95 000 × 5,444553… = 517 232,58…
// The spreads are 2 bps wide, so each mid is within 0,02 % of those figures; the premium of Mercado Bitcoin over
// Binance is e^0,003 − 1 = 0,3005 % on every BRL book.
describe('simulated feed: BRL books on Mercado Bitcoin and Binance', () => {
  const quiet = (exchange: 'binance' | 'mercadobitcoin', premiumMeanBps: number) => ({
    noiseBps: 0,
    brl: { ...EXCHANGE_PROFILES[exchange].brl!, premiumMeanBps, premiumNoiseBps: 0, spreadBps: 2 },
  });

  it('prices X/BRL at X/USDT × the exchange’s own USDT/BRL, with the listed markets, ticks and depth', () => {
    const clock = new VirtualScheduler();
    const feed = new SimulatedFeed({
      seed: 7,
      scheduler: clock,
      firstBrlDislocationMs: null,
      profiles: { mercadobitcoin: quiet('mercadobitcoin', 20), binance: quiet('binance', -10) },
    });
    const first = new Map<string, BookUpdate>();
    feed.subscribe({
      update: (u) =>
        void (first.has(`${u.exchange}:${u.symbol}`) || first.set(`${u.exchange}:${u.symbol}`, u)),
    });
    void feed.start();

    const brl = feed.markets().filter((m) => m.quote === 'BRL');
    expect(
      brl
        .filter((m) => m.exchange === 'binance')
        .map((m) => m.symbol)
        .sort(),
    ).toEqual([...BRL_MARKETS.binance].sort());
    expect(
      brl
        .filter((m) => m.exchange === 'mercadobitcoin')
        .map((m) => m.symbol)
        .sort(),
    ).toEqual([...BRL_MARKETS.mercadobitcoin].sort());
    expect(brl.every((m) => m.exchange === 'binance' || m.exchange === 'mercadobitcoin')).toBe(true);
    expect(brl.find((m) => m.exchange === 'binance' && m.symbol === 'BTC/BRL')).toMatchObject({
      tickSize: 1,
      amountStep: 0.00001,
      minNotional: 10,
    });
    expect(brl.find((m) => m.exchange === 'mercadobitcoin' && m.symbol === 'BTC/BRL')).toMatchObject({
      tickSize: 0.01,
      amountStep: 0.00000001,
      minNotional: 1,
    });

    const at = (k: string) => first.get(k)!;
    expect(mid(at('mercadobitcoin:USDT/BRL')) / 5.46091).toBeCloseTo(1, 3);
    expect(mid(at('binance:USDT/BRL')) / 5.444553).toBeCloseTo(1, 3);
    expect(Math.abs(mid(at('mercadobitcoin:BTC/BRL')) / 518_786.54 - 1)).toBeLessThan(0.0002);
    expect(Math.abs(mid(at('binance:BTC/BRL')) / 517_232.58 - 1)).toBeLessThan(0.0002);
    expect(Math.abs(mid(at('mercadobitcoin:BTC/BRL')) / mid(at('binance:BTC/BRL')) - 1.003005)).toBeLessThan(
      0.0003,
    );
    // prices on the market's tick, amounts on its step; depth: 15 levels, the best ≈ 6 000 USDT on Mercado Bitcoin
    const mb = at('mercadobitcoin:BTC/BRL');
    expect(mb.bids).toHaveLength(15);
    for (const [p, a] of [...mb.bids, ...mb.asks]) {
      expect(Math.abs(p * 100 - Math.round(p * 100))).toBeLessThan(1e-6);
      expect(Math.abs(a * 1e8 - Math.round(a * 1e8))).toBeLessThan(1e-4);
    }
    const topUsdt = mb.asks[0]![1] * 95_000;
    expect(topUsdt).toBeGreaterThan(1_000);
    expect(topUsdt).toBeLessThan(30_000);
    const bn = at('binance:BTC/BRL');
    for (const [p] of [...bn.bids, ...bn.asks]) expect(Number.isInteger(p)).toBe(true);
    void feed.stop();
  });

  it('lets each exchange’s USDT/BRL premium drift on its own around its mean', () => {
    const clock = new VirtualScheduler();
    const feed = new SimulatedFeed({ seed: 42, scheduler: clock });
    const store = new BookStore({ specs: feed.markets() });
    feed.subscribe({ update: (u) => void store.apply(u) });
    void feed.start();
    const premiums: number[] = [];
    for (let t = 0; t < 300; t++) {
      clock.advance(1_000);
      const p = feed.premiumOf('mercadobitcoin')! - feed.premiumOf('binance')!;
      premiums.push(p);
    }
    // Mercado Bitcoin's mean premium over Binance is 15 bps; its drift stays within a few tenths of a percent
    const mean = premiums.reduce((a, b) => a + b, 0) / premiums.length;
    expect(mean).toBeGreaterThan(0);
    expect(mean).toBeLessThan(0.004);
    expect(Math.max(...premiums) - Math.min(...premiums)).toBeGreaterThan(0.0002);
    expect(Math.max(...premiums.map(Math.abs))).toBeLessThan(0.01);
    expect(feed.premiumOf('gateio')).toBeNull();
    void feed.stop();
  });
});
