import { describe, expect, it } from 'vitest';
import { BookStore } from './book-store.js';
import { MarketDataMetrics } from './metrics.js';

// A book is fresh while now − receivedTs ≤ staleAfterMs (2000 here; Mercado Bitcoin 10000).
describe('book store: staleness', () => {
  it('marks books stale by receive time, per exchange, and counts transitions', () => {
    const metrics = new MarketDataMetrics();
    const store = new BookStore({
      staleAfterMs: 2_000,
      staleAfterMsByExchange: { mercadobitcoin: 10_000 },
      metrics,
    });
    const book = (exchange: 'binance' | 'mercadobitcoin', t: number) =>
      store.apply({
        exchange,
        symbol: 'BTC/USDT',
        bids: [[1, 1]],
        asks: [[2, 1]],
        exchangeTs: t,
        receivedTs: t,
      });
    book('binance', 0);
    book('mercadobitcoin', 0);
    const b = store.get('binance', 'BTC/USDT')!;
    const mb = store.get('mercadobitcoin', 'BTC/USDT')!;
    expect(store.isFresh(b, 2_000)).toBe(true);
    expect(store.isFresh(b, 2_001)).toBe(false);
    expect(store.isFresh(mb, 9_000)).toBe(true);

    expect(Object.fromEntries(store.sweep(3_000))).toMatchObject({ binance: 1, mercadobitcoin: 0 });
    expect(b.stale).toBe(true);
    store.sweep(3_500); // still stale: not a new transition
    book('binance', 3_600);
    expect(b.stale).toBe(false);
    expect(Object.fromEntries(store.sweep(11_000))).toMatchObject({ binance: 1, mercadobitcoin: 1 });
    const snap = metrics.snapshot(11_000);
    expect(snap.staleTransitionsTotal).toBe(3);
    expect(snap.staleBooks).toMatchObject({ binance: 1, mercadobitcoin: 1 });
  });
});
