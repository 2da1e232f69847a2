import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { ResultBuilder } from './results.js';

const source = { label: 'x', simulated: true, exchanges: [], from: 0, to: 0, usdtBrl: null };

describe('results on the marked-to-market equity (hand-computed)', () => {
  it('drawdown from the peak of the marks, return on the first mark, per day and per 30-day month, R$', () => {
    const r = new ResultBuilder(new Decimal(100), 0, new Decimal(100));
    r.mark(60_000, new Decimal(110)); // peak
    r.mark(120_000, new Decimal(99)); // 11 below the peak: 10 %
    r.mark(43_200_000, new Decimal(105));
    const { totals, equity } = r.build(source, 43_200_000, 1, '5');
    expect(totals.maxDrawdownUsdt).toBe('11');
    expect(totals.maxDrawdownPercent).toBeCloseTo(10, 10);
    expect(totals.returnPercent).toBeCloseTo(5, 10);
    expect(totals.returnPerDayPercent).toBeCloseTo(10, 10); // half a day
    expect(totals.returnPerMonthPercent).toBeCloseTo(300, 10);
    expect(totals.equityUsdt).toBe('105.00000000');
    expect(totals.equityBrl).toBe('525.00');
    expect(equity.map((p) => [p.equity, Math.abs(p.drawdown)])).toEqual([
      [100, 0],
      [110, 0],
      [99, 11],
      [105, 5],
    ]);
  });
});
