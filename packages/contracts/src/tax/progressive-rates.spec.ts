import { describe, expect, it } from 'vitest';
import { taxOnGain } from './rules.js';

/**
 * Scenario: a taxable gain of R$ 6.000.000,00 (Lei 13.259/2016): 15 % of the first R$ 5 million
 * (R$ 750.000,00) + 17,5 % of the next R$ 1 million (R$ 175.000,00) = R$ 925.000,00.
 */
describe('progressive rates apply bracket by bracket', () => {
  it('taxes R$ 6 million at 15 % then 17,5 %', () => {
    expect(taxOnGain('2026-03', 600_000_000n)).toBe(92_500_000n);
  });
});
