import { describe, expect, it } from 'vitest';
import { VirtualScheduler } from '../market-data/clock.js';
import { ArbitrageScanner } from './scanner.js';
import { spec } from './testing/scenario.js';

// Scenario: the wired pipeline with counters and the detection-latency hook.
// Two good books forming a cross opportunity (as in cross-exchange.top-of-book.spec.ts), then bad data:
// a crossed book, a NaN price, an out-of-order update and a malformed object — rejected and counted,
// never thrown; the opportunity survives. Latency: update received at t, handled at t + 2 ms → 2 ms.
describe('scanner: counters and latency', () => {
  it('counts updates, rejections, stale books and measures receivedTs → opportunity', () => {
    const clock = new VirtualScheduler();
    const scanner = new ArbitrageScanner({
      clock,
      specs: [spec('binance', 'BTC/USDT', 0.01, 0.00001), spec('gateio', 'BTC/USDT', 0.1, 0.000001)],
    });
    const t = clock.now();
    scanner.handleUpdate({
      exchange: 'binance',
      symbol: 'BTC/USDT',
      bids: [[99990, 1]],
      asks: [[100000, 0.5]],
      exchangeTs: t,
      receivedTs: t,
    });
    clock.advance(2);
    scanner.handleUpdate({
      exchange: 'gateio',
      symbol: 'BTC/USDT',
      bids: [[100500, 0.3]],
      asks: [[100510, 1]],
      exchangeTs: t,
      receivedTs: t,
    });
    expect(scanner.registry.size).toBe(1);

    scanner.handleUpdate({
      exchange: 'gateio',
      symbol: 'BTC/USDT',
      bids: [[100600, 1]],
      asks: [[100510, 1]],
      exchangeTs: t + 1,
      receivedTs: t + 2,
    });
    scanner.handleUpdate({
      exchange: 'gateio',
      symbol: 'BTC/USDT',
      bids: [[Number.NaN, 1]],
      asks: [[100510, 1]],
      exchangeTs: t + 1,
      receivedTs: t + 2,
    });
    scanner.handleUpdate({
      exchange: 'gateio',
      symbol: 'BTC/USDT',
      bids: [[100500, 0.3]],
      asks: [[100510, 1]],
      exchangeTs: t - 1,
      receivedTs: t + 2,
    });
    scanner.handleUpdate({ exchange: 'gateio', symbol: 'BTC/USDT' } as never);
    scanner.handleUpdate(null as never);
    expect(scanner.registry.size).toBe(1);

    clock.advance(6_000);
    scanner.sweep();
    const m = scanner.metricsSnapshot();
    expect(m.marketData.updatesTotal).toMatchObject({ binance: 1, gateio: 1 });
    expect(m.marketData.rejectedTotal).toMatchObject({
      crossed: 1,
      invalid_price: 1,
      out_of_order: 1,
      malformed: 2,
    });
    expect(m.marketData.rejectedByExchange).toMatchObject({ gateio: 4, unknown: 1 });
    expect(m.marketData.staleBooks).toMatchObject({ binance: 1, gateio: 1 });
    expect(m.detection.latency.arbitrage).toMatchObject({ count: 1, p50Ms: 2 });
    expect(m.detection.registry).toMatchObject({ open: 0, addedTotal: 1, removedTotal: 1 });
    expect(m.feeds.find((f) => f.exchange === 'binance')).toMatchObject({ status: 'connecting' });
  });
});
