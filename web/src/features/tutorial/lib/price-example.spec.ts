import { describe, expect, it } from 'vitest';
import { priceExample, toHundredths } from './price-example';

describe('priceExample', () => {
  it('parses two-decimal strings exactly', () => {
    expect(toHundredths('60000.00')).toBe(6_000_000);
    expect(toHundredths('0.1')).toBe(10);
    expect(() => toHundredths('1,5')).toThrow(RangeError);
  });

  it('deducts the taker fee of both sides from the gross spread', () => {
    const result = priceExample('60000.00', '60150.00', '0.10');
    expect(result.grossCents).toBe(15_000); // 150,00 USDT
    expect(result.feesCents).toBe(12_015); // 60,00 + 60,15
    expect(result.netCents).toBe(2_985); // 29,85 USDT
    expect(result.grossPercent).toBeCloseTo(0.25);
    expect(result.netPercent).toBeCloseTo(0.04975);
  });
});
