import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { brlForDisplay } from './trade-brl.js';
import { roundForDisplay } from './decimal-display.js';
import { roundBrlString, roundDecimalString } from './decimal-string.js';

/** What decimal.js gives (the rule the string rounding must keep, to the digit and the sign of zero). */
const viaDecimal = (v: string, places: number) =>
  new Decimal(v).toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toNumber();
const brlViaDecimal = (v: string) => new Decimal(v).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

describe('display rounding without decimal.js (issue 13)', () => {
  it('rounds half away from zero, carries, pads, and keeps what decimal.js gives at the edges', () => {
    expect(roundDecimalString('-1.005', 2)).toBe('-1.01');
    expect(roundDecimalString('1.0049999', 2)).toBe('1.00');
    expect(roundDecimalString('99.995', 2)).toBe('100.00');
    expect(roundDecimalString('0.9999', 0)).toBe('1');
    expect(roundDecimalString('7', 2)).toBe('7.00');
    expect(roundDecimalString('5.4000000000', 4)).toBe('5.4000');
    expect(roundDecimalString('007.5', 0)).toBe('8');
    expect(roundDecimalString('1e-7', 2)).toBeNull();
    expect(Object.is(roundForDisplay('-0.001', 2), -0)).toBe(true);
    expect(brlForDisplay('-0.001')).toBe('0.00');
    expect(brlForDisplay('-0.005')).toBe('-0.01');
    for (const v of ['-0.001', '-0.005', '0.005', '-1.005', '0', '-0', '12.345', '-99.995', '0.00000001'])
      for (const places of [0, 1, 2, 4])
        expect(roundForDisplay(v, places), `${v} ${places}`).toBe(viaDecimal(v, places));
  });

  it('equals decimal.js on 20,000 random numeric strings (numbers, R$ strings)', () => {
    let seed = 13;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
    for (let i = 0; i < 20_000; i++) {
      const int = random() < 0.3 ? '0' : digits(1 + Math.floor(random() * 9));
      const frac = random() < 0.1 ? '' : digits(Math.floor(random() * 12));
      // ties and carries often: fractions like …4999 / …5 / …995
      const tail = random() < 0.2 ? ['5', '49', '995', '9999'][Math.floor(random() * 4)]! : '';
      const v = `${random() < 0.4 ? '-' : ''}${int}${frac || tail ? '.' : ''}${frac}${tail}`;
      const places = [0, 1, 2, 4][i % 4]!;
      expect(Object.is(roundForDisplay(v, places), viaDecimal(v, places)), `${v} ${places}`).toBe(true);
      expect(brlForDisplay(v), v).toBe(brlViaDecimal(v));
      // the browser's path (no decimal.js): the same digits and the same zero
      expect(roundBrlString(v), v).toBe(brlViaDecimal(v));
    }
  });
});
