import { EXCHANGE_IDS, PAIRS } from '@arbitra/contracts';
import { describe, expect, it } from 'vitest';
import { BookStore } from './book-store.js';
import { VirtualScheduler } from './clock.js';
import { decimalsOf } from './precision.js';
import { SimulatedFeed } from './simulated.feed.js';
import { CROSS_PAIRS } from './symbols.js';
import type { BookUpdate, FeedState } from './types.js';

describe('simulated feed: market shape', () => {
  it('covers 5 exchanges × 10 pairs + cross pairs + USDT/BRL with realistic, valid, exchange-specific books', () => {
    const clock = new VirtualScheduler();
    const feed = new SimulatedFeed({ seed: 42, scheduler: clock });
    const store = new BookStore({ specs: feed.markets() });
    const updates: BookUpdate[] = [];
    const states: FeedState[] = [];
    feed.subscribe({ update: (u) => updates.push(u), state: (s) => states.push(s) });
    expect(feed.simulated).toBe(true); // screens must say 'Dados simulados'
    void feed.start();
    clock.advance(30_000);

    expect(
      states
        .filter((s) => s.status === 'up')
        .map((s) => s.exchange)
        .sort(),
    ).toEqual([...EXCHANGE_IDS].sort());
    const rejected = updates.map((u) => store.apply(u)).filter((r) => typeof r === 'string');
    expect(rejected).toEqual([]);

    const specs = feed.markets();
    for (const ex of EXCHANGE_IDS)
      for (const p of PAIRS) expect(specs.some((s) => s.exchange === ex && s.symbol === p)).toBe(true);
    expect(
      specs.filter((s) => s.exchange === 'binance' && (CROSS_PAIRS as readonly string[]).includes(s.symbol)),
    ).toHaveLength(CROSS_PAIRS.length);
    expect(specs.some((s) => s.symbol === 'USDT/BRL' && s.exchange === 'mercadobitcoin')).toBe(true);

    // realistic price levels
    expect(store.get('binance', 'BTC/USDT')!.mid).toBeGreaterThan(85_000);
    expect(store.get('binance', 'BTC/USDT')!.mid).toBeLessThan(105_000);
    expect(store.get('binance', 'ETH/USDT')!.mid).toBeGreaterThan(3_000);
    expect(store.get('binance', 'ETH/BTC')!.mid).toBeCloseTo(
      store.get('binance', 'ETH/USDT')!.mid / store.get('binance', 'BTC/USDT')!.mid,
      3,
    );
    const brl = store.get('mercadobitcoin', 'USDT/BRL')!.mid;
    expect(brl).toBeGreaterThan(5.3);
    expect(brl).toBeLessThan(5.6);

    // every price on the market's tick, every amount on its step
    const offGrid: string[] = [];
    for (const slot of store.slots()) {
      const { tickSize, amountStep } = slot.spec;
      for (const [p, a] of [...slot.bids, ...slot.asks]) {
        if (Number((Math.round(p / tickSize) * tickSize).toFixed(decimalsOf(tickSize))) !== p)
          offGrid.push(`${slot.symbol} price ${p}`);
        if (Number((Math.round(a / amountStep) * amountStep).toFixed(decimalsOf(amountStep))) !== a)
          offGrid.push(`${slot.symbol} amount ${a}`);
      }
    }
    expect(offGrid).toEqual([]);

    // each exchange has its own tick, spread, depth and update rate
    const btc = (ex: (typeof EXCHANGE_IDS)[number]) => store.get(ex, 'BTC/USDT')!;
    expect(btc('mercadobitcoin').spec.tickSize).toBe(0.1);
    expect(btc('binance').spec.tickSize).toBe(0.01);
    expect(btc('gateio').spec.amountStep).toBe(0.000001);
    const rel = (ex: (typeof EXCHANGE_IDS)[number]) => (btc(ex).bestAsk - btc(ex).bestBid) / btc(ex).mid;
    expect(rel('mercadobitcoin')).toBeGreaterThan(rel('binance'));
    expect(btc('binance').bids.length).toBe(20);
    expect(btc('mercadobitcoin').bids.length).toBe(10);
    const perHalfMinute = (ex: string) =>
      updates.filter((u) => u.exchange === ex && u.symbol === 'BTC/USDT').length;
    expect(perHalfMinute('binance')).toBeGreaterThan(100); // ≈ every 250 ms: ~120 in 30 s
    expect(perHalfMinute('mercadobitcoin')).toBeLessThan(40); // ≈ every second: ~30 in 30 s

    // exchange timestamps: monotonic per market and a little behind the receive time
    const last = new Map<string, number>();
    let badTs = 0;
    for (const u of updates) {
      const k = `${u.exchange}|${u.symbol}`;
      if (u.exchangeTs < (last.get(k) ?? 0) || u.exchangeTs > u.receivedTs) badTs++;
      last.set(k, u.exchangeTs);
    }
    expect(badTs).toBe(0);
  });
});
