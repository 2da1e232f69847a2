import { describe, expect, it } from 'vitest';
import { StatisticalDetector } from './statistical.detector.js';
import { scenario, spec } from './testing/scenario.js';

// Scenario: a large deviation that pays even after spreads (fees set to 0 to keep the numbers small).
// Window as in statistical.entry-signal.spec.ts: mean −0.000025 bps, sd 0.816497 bps. Spreads 0.02 on both.
// Binance mid 2010 (bid 2009.99 × 1.5, ask 2010.01), Gate.io mid 2000 (bid 1999.99, ask 2000.01 × 2)
//   s = ln(2010 / 2000) × 10⁴ = 49.875415 bps; z = 61.08 → Binance rich: buy Gate.io, sell Binance
//   expected net = |s − mean| / 10⁴ − (0.02 / 2010 + 0.02 / 2000) − 2 × (0 + 0)
//                = 0.0049875665 − 0.0000199502 = 0.0049675938 → netPct 0.496759…
//   size = min(2, 1.5) = 1.5 ETH; capital = 1.5 × 2000.01 = 3000.015 USDT
//   profit ≈ 3000.015 × 0.00496759376228 = 14.9028558 USDT; R$ × 5.45 = 81.2206
describe('statistical: opportunity', () => {
  it('puts a net-positive z-score opportunity in the registry, sized at the top of book', () => {
    const s = scenario({
      fees: { binance: { taker: 0 }, gateio: { taker: 0 } },
      specs: [spec('binance', 'ETH/USDT', 0.01, 0.0001), spec('gateio', 'ETH/USDT', 0.01, 0.0001)],
    });
    const stat = new StatisticalDetector(s.ctx, { window: 4, minSamples: 4, symbols: ['ETH/USDT'] });
    s.book('gateio', 'ETH/USDT', [[1999.99, 1]], [[2000.01, 2]], [stat]);
    for (const mid of [2000, 2000.2, 1999.8, 2000])
      s.book('binance', 'ETH/USDT', [[mid - 0.01, 1]], [[mid + 0.01, 1]], [stat]);
    expect(s.registry.size).toBe(0);
    s.book('binance', 'ETH/USDT', [[2009.99, 1.5]], [[2010.01, 1]], [stat]);

    const opp = s.registry.get('statistical:ETH/USDT:gateio>binance')!;
    expect(opp.strategy).toBe('statistical');
    expect(opp.size).toBe('1.5000');
    expect(opp.capitalUsdt).toBe('3000.01500000');
    expect(opp.profitUsdt).toBe('14.90285580');
    expect(opp.profitBrl).toBe('81.2206');
    expect(opp.netPct).toBeCloseTo(0.496759, 5);
    expect(opp.statistical!.zScore).toBeCloseTo(61.0847, 3);
    expect(opp.statistical!.riskLevels).toEqual(['low', 'medium', 'high']);
    expect(opp.legs.map((l) => [l.exchange, l.side, l.price])).toEqual([
      ['gateio', 'buy', '2000.01'],
      ['binance', 'sell', '2009.99'],
    ]);
  });
});
