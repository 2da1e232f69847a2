import { describe, expect, it } from 'vitest';
import { CrossExchangeDetector } from './cross-exchange.detector.js';
import { scenario, spec } from './testing/scenario.js';

// Scenario: three simultaneous opportunities ranked by net %.
// buy binance (asks 100 × 1, taker 0.1 %) and sell on three exchanges with fee 0:
//   bybit bid 101 → net per unit 101 − 100.1 = 0.9 → 0.9 / 100.1 = 0.8991 %
//   mexc  bid 102 → 1.9 / 100.1 = 1.8981 %
//   gateio bid 103 → 2.9 / 100.1 = 2.8971 %
// top(2) = gateio, mexc; filter by exchange 'bybit' → only bybit.
describe('opportunity registry: top(n)', () => {
  it('returns a snapshot sorted by net %, with filters', () => {
    const s = scenario({
      fees: { bybit: { taker: 0 }, mexc: { taker: 0 }, gateio: { taker: 0 } },
      specs: ['binance', 'bybit', 'mexc', 'gateio'].map((e) => spec(e as 'binance', 'SOL/USDT', 0.01, 0.001)),
    });
    const cross = new CrossExchangeDetector(s.ctx);
    s.book('binance', 'SOL/USDT', [[99, 5]], [[100, 1]], [cross]);
    s.book('bybit', 'SOL/USDT', [[101, 1]], [[104, 1]], [cross]);
    s.book('mexc', 'SOL/USDT', [[102, 1]], [[104, 1]], [cross]);
    s.book('gateio', 'SOL/USDT', [[103, 1]], [[104, 1]], [cross]);

    expect(s.registry.top(2).map((o) => [o.direction, o.netPercent])).toEqual([
      ['binance>gateio', '2.8971'],
      ['binance>mexc', '1.8981'],
    ]);
    expect(s.registry.top(10, { exchange: 'bybit' }).map((o) => o.netPercent)).toEqual(['0.8991']);
    expect(s.registry.all({ minNetPct: 1.5 })).toHaveLength(2);
    expect(s.registry.all({ strategy: 'triangular' })).toHaveLength(0);
  });
});
