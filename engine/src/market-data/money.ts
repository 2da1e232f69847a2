import { Decimal } from 'decimal.js';

/** decimal.js with its own settings (34 significant digits, half-up), unaffected by global config. */
export const Dec = Decimal.clone({
  precision: 34,
  rounding: Decimal.ROUND_HALF_UP,
  toExpNeg: -40,
  toExpPos: 40,
});
export type Dec = Decimal;

export const ONE = new Dec(1);
export const HUNDRED = new Dec(100);

/** Decimal from a float as it prints (0.1 → "0.1", not the binary expansion). */
export function dec(value: number | string): Decimal {
  return new Dec(value);
}
