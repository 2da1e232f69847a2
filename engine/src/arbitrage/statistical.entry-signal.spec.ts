import { describe, expect, it } from 'vitest';
import { StatisticalDetector } from './statistical.detector.js';
import { scenario } from './testing/scenario.js';
import type { StatisticalSignal } from './types.js';

// Scenario: the Binance/Gate.io spread of ETH/USDT drifts away from its mean; |z| crosses 1.5, 2.0, 2.5.
// Window 4 samples, no signal before 4. Gate.io mid stays 2000; spread = ln(mid_binance / 2000) × 10⁴ bps.
// Binance mids 2000, 2000.2, 1999.8, 2000 → window [0, 0.99995, −1.00005, 0]
//   mean = −0.000025, sample sd = √((0² + 0.99995² + 1.00005² + 0²) − 4 × mean²) / 3) = 0.816497
// mid 2000.28 → s = ln(1.00014) × 10⁴ = 1.399902; z = (1.399902 + 0.000025) / 0.816497 = 1.7146 → entry, [high]
//   window [0.99995, −1.00005, 0, 1.399902]: mean 0.349951, sd 1.075463
// mid 2000.6 → s = 2.999550; z = (2.999550 − 0.349951) / 1.075463 = 2.4637 → entry, [medium, high]
//   window [−1.00005, 0, 1.399902, 2.999550]: mean 0.849851, sd 1.738595
// mid 2001.2 → s = 5.998201; z = (5.998201 − 0.849851) / 1.738595 = 2.9612 → entry, [low, medium, high]
// Binance is the rich side each time: buy on Gate.io, sell on Binance.
describe('statistical: entry signals', () => {
  it('signals each threshold of DECISIONS §8 as |z| crosses it', () => {
    const s = scenario();
    const stat = new StatisticalDetector(s.ctx, { window: 4, minSamples: 4, symbols: ['ETH/USDT'] });
    const signals: StatisticalSignal[] = [];
    stat.onSignal((x) => signals.push(x));
    const binance = (mid: number): void =>
      void s.book('binance', 'ETH/USDT', [[mid - 0.1, 1]], [[mid + 0.1, 1]], [stat]);
    s.book('gateio', 'ETH/USDT', [[1999.9, 1]], [[2000.1, 1]], [stat]);
    for (const mid of [2000, 2000.2, 1999.8, 2000]) binance(mid);
    expect(signals).toHaveLength(0);
    const st = stat.pairStats('ETH/USDT', 'binance', 'gateio')!;
    expect(st.count).toBe(4);
    expect(st.mean).toBeCloseTo(-0.000025, 6);
    expect(st.stdDev).toBeCloseTo(0.816497, 6);

    binance(2000.28);
    binance(2000.6);
    binance(2001.2);
    expect(signals.map((x) => [x.kind, Number(x.zScore.toFixed(4)), x.riskLevels])).toEqual([
      ['entry', 1.7146, ['high']],
      ['entry', 2.4637, ['medium', 'high']],
      ['entry', 2.9612, ['low', 'medium', 'high']],
    ]);
    expect(signals[0]).toMatchObject({
      id: 'statistical:ETH/USDT:gateio>binance',
      buyExchange: 'gateio',
      sellExchange: 'binance',
      symbol: 'ETH/USDT',
    });
    expect(signals[2]!.spreadBps).toBeCloseTo(5.998201, 5);
    expect(signals[2]!.meanBps).toBeCloseTo(0.849851, 5);
    expect(signals[2]!.stdDevBps).toBeCloseTo(1.738595, 5);
    // with real fees (0.1 % + 0.2 %, four legs) a 5 bps deviation is no net opportunity: signals only
    expect(s.registry.size).toBe(0);
  });
});
