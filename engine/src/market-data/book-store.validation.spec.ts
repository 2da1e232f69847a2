import { describe, expect, it } from 'vitest';
import { BookStore } from './book-store.js';
import { MarketDataMetrics } from './metrics.js';
import type { BookUpdate } from './types.js';

const good = (over: Partial<BookUpdate> = {}): BookUpdate => ({
  exchange: 'binance',
  symbol: 'BTC/USDT',
  bids: [
    [100, 1],
    [99, 2],
  ],
  asks: [
    [101, 1],
    [102, 2],
  ],
  exchangeTs: 1_000,
  receivedTs: 1_010,
  ...over,
});

describe('book store: validation', () => {
  it('stores a valid book and rejects bad data with a counted reason, never throwing', () => {
    const metrics = new MarketDataMetrics();
    const store = new BookStore({ metrics });
    const slot = store.apply(good());
    expect(typeof slot).toBe('object');

    const cases: [unknown, string][] = [
      [good({ bids: [[102, 1]] }), 'crossed'], // best bid 102 ≥ best ask 101
      [good({ bids: [[101, 1]] }), 'crossed'], // locked book (bid = ask)
      [good({ asks: [[Number.NaN, 1]] }), 'invalid_price'],
      [good({ bids: [[-5, 1]] }), 'invalid_price'],
      [good({ asks: [[Number.POSITIVE_INFINITY, 1]] }), 'invalid_price'],
      [good({ bids: [[100, 0]] }), 'invalid_amount'],
      [good({ bids: [[100, -1]] }), 'invalid_amount'],
      [good({ asks: [[101, Number.NaN]] }), 'invalid_amount'],
      [
        good({
          bids: [
            [99, 1],
            [100, 1],
          ],
        }),
        'unsorted',
      ], // bids must descend
      [
        good({
          asks: [
            [101, 1],
            [101, 1],
          ],
        }),
        'unsorted',
      ], // duplicate level
      [good({ exchangeTs: 999 }), 'out_of_order'], // older than the stored book
      [good({ exchange: 'kraken' as never }), 'unknown_exchange'],
      [good({ symbol: 'BTCUSDT' }), 'malformed'],
      [good({ bids: [['100', '1']] as never }), 'malformed'],
      [good({ asks: 'nope' as never }), 'malformed'],
      [good({ receivedTs: Number.NaN }), 'malformed'],
      [{ exchange: 'binance' }, 'malformed'],
      [null, 'malformed'],
      ['{"exchange":"binance"}', 'malformed'],
    ];
    for (const [update, reason] of cases) {
      expect(() => store.apply(update as BookUpdate)).not.toThrow();
      expect(store.apply(update as BookUpdate), JSON.stringify(update)).toBe(reason);
    }
    // the good book is untouched by all of that
    const kept = store.get('binance', 'BTC/USDT')!;
    expect(kept.bids[0]).toEqual([100, 1]);
    expect(kept.updates).toBe(1);
    // same exchangeTs is fine (several updates within a millisecond)
    expect(typeof store.apply(good({ receivedTs: 1_020 }))).toBe('object');
    // an empty or one-sided book is accepted (it just yields nothing)
    expect(typeof store.apply(good({ exchangeTs: 1_001, bids: [] }))).toBe('object');

    const snap = metrics.snapshot(2_000);
    expect(snap.rejectedTotal).toEqual({
      malformed: 14, // 7 cases × 2 applies
      unknown_exchange: 2,
      invalid_price: 6,
      invalid_amount: 6,
      unsorted: 4,
      crossed: 4,
      out_of_order: 2,
    });
    expect(snap.updatesTotal.binance).toBe(3);
    expect(snap.rejectedByExchange.unknown).toBe(6); // kraken, null and the string, twice each
  });
});
