import { describe, expect, it } from 'vitest';
import { BookStore } from './book-store.js';

const book = (store: BookStore, t: number, bid: number) =>
  store.apply({
    exchange: 'binance',
    symbol: 'BTC/USDT',
    bids: [[bid, 1]],
    asks: [[bid + 1, 1]],
    exchangeTs: t,
    receivedTs: t,
  });

// A fast-forwarded market's paper order meets the book of its market time, which this process has already replaced.
describe('book store: the book as it was', () => {
  it('answers the newest book received at or before a moment, of the window it keeps', () => {
    const store = new BookStore();
    store.keepHistory(1_000);
    for (let t = 0; t <= 3_000; t += 100) book(store, t, 100 + t / 100);
    expect(store.asOf('binance', 'BTC/USDT', 2_550)!.bids[0]![0]).toBe(125);
    expect(store.asOf('binance', 'BTC/USDT', 2_000)!.bids[0]![0]).toBe(120);
    expect(store.asOf('binance', 'BTC/USDT', 9_999)!.bids[0]![0]).toBe(130);
    // the window: the last second, and the book that was current at its start
    const kept = store.get('binance', 'BTC/USDT')!.history.map((h) => h.receivedTs);
    expect(kept[0]).toBeLessThanOrEqual(2_000);
    expect(kept.length).toBeLessThanOrEqual(12);
    // older than what is kept: the oldest kept
    expect(store.asOf('binance', 'BTC/USDT', 500)!.bids[0]![0]).toBe(100 + kept[0]! / 100);
  });

  it('without a window, the current book (live and simulated markets)', () => {
    const store = new BookStore();
    book(store, 0, 100);
    book(store, 100, 101);
    expect(store.asOf('binance', 'BTC/USDT', 50)!.bids[0]![0]).toBe(101);
    expect(store.get('binance', 'BTC/USDT')!.history).toHaveLength(0);
    expect(store.asOf('bybit', 'BTC/USDT', 50)).toBeUndefined();
  });
});
