import { describe, expect, it } from 'vitest';
import { StatisticalDetector } from './statistical.detector.js';
import { scenario } from './testing/scenario.js';
import type { StatisticalSignal } from './types.js';

// Scenario: after the entries of statistical.entry-signal.spec.ts (window 4; Binance mids 2000, 2000.2,
// 1999.8, 2000, 2000.28, 2000.6, 2001.2 against Gate.io 2000), the spread falls back towards its mean.
// window then [0, 1.399902, 2.999550, 5.998201]: mean 2.599413, sd 2.576020
// mid 2000.3 → s = ln(1.00015) × 10⁴ = 1.499888; z = (1.499888 − 2.599413) / 2.576020 = −0.4268
// |z| ≤ 0.5 (exitZ) → exit signal for the open gateio>binance position; no new entry.
describe('statistical: exit signal', () => {
  it('signals the exit when the spread comes back near its mean', () => {
    const s = scenario();
    const stat = new StatisticalDetector(s.ctx, {
      window: 4,
      minSamples: 4,
      symbols: ['ETH/USDT'],
      exitZ: 0.5,
    });
    const signals: StatisticalSignal[] = [];
    stat.onSignal((x) => signals.push(x));
    s.book('gateio', 'ETH/USDT', [[1999.9, 1]], [[2000.1, 1]], [stat]);
    for (const mid of [2000, 2000.2, 1999.8, 2000, 2000.28, 2000.6, 2001.2, 2000.3]) {
      s.book('binance', 'ETH/USDT', [[mid - 0.1, 1]], [[mid + 0.1, 1]], [stat]);
    }
    expect(signals.map((x) => x.kind)).toEqual(['entry', 'entry', 'entry', 'exit']);
    const exit = signals[3]!;
    expect(exit).toMatchObject({ kind: 'exit', id: 'statistical:ETH/USDT:gateio>binance', riskLevels: [] });
    expect(exit.zScore).toBeCloseTo(-0.4268, 4);
  });
});
