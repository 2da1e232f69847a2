import { describe, expect, it } from 'vitest';
import { PLANS, planById, yearlyDiscountPercent, yearlySavingsCents } from './plans.js';

describe('plans', () => {
  it('has the one price list of DECISIONS §2', () => {
    expect(PLANS.map((p) => [p.id, p.monthlyCents, p.yearlyCents])).toEqual([
      ['basic', 4990, 49900],
      ['professional', 9990, 99900],
      ['enterprise', 19990, 199900],
    ]);
    expect(PLANS.filter((p) => p.popular).map((p) => p.id)).toEqual(['professional']);
  });

  it('computes the yearly discount and the saving', () => {
    // 1 − 499,00 / (12 × 49,90) = 1 − 499 / 598,8 = 16,67 % → 17
    expect(yearlyDiscountPercent(planById('basic'))).toBe(17);
    expect(yearlySavingsCents(planById('basic'))).toBe(9980);
    expect(yearlySavingsCents(planById('enterprise'))).toBe(39980);
  });
});
