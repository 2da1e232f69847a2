import { Dec, type Dec as Decimal } from '../market-data/money.js';

/**
 * Exact decimal arithmetic on scaled BigInt integers (fixed point, 24 decimals), for the book sums behind
 * the reported figures: Σ price × amount over the levels walked. Book numbers are taken as they print
 * (0.1 is 0.1, like decimal.js does), so sums are exact; it is several times faster than building a
 * decimal.js object per level, and the results are handed to decimal.js (toDecimal) for the final figures.
 */
export type Fx = bigint;

export const FX_DIGITS = 24;
export const FX_ONE: Fx = 10n ** 24n;
const POW10: bigint[] = Array.from({ length: 64 }, (_, i) => 10n ** BigInt(i));

const SCALE_8_TO_24 = 10n ** 16n;

/** A float, exactly as it prints, at scale 10^24 (digits beyond the 24th decimal are dropped). */
export function fx(value: number): Fx {
  // fast path: at most 8 decimals as printed (prices and amounts almost always): value × 10^8 is within
  // float error of an integer, and that integer is the printed digits
  const m = value * 1e8;
  if (m < 1e14 && m > -1e14) {
    const r = Math.round(m);
    const d = m - r;
    if (d < 1e-6 && d > -1e-6) return BigInt(r) * SCALE_8_TO_24;
  }
  return fxFromString(value);
}

function fxFromString(value: number): Fx {
  let s = String(value);
  let exp = 0;
  const e = s.indexOf('e');
  if (e >= 0) {
    exp = Number(s.slice(e + 1));
    s = s.slice(0, e);
  }
  const negative = s.charCodeAt(0) === 45; // '-'
  if (negative) s = s.slice(1);
  const dot = s.indexOf('.');
  let digits = s;
  let decimals = 0;
  if (dot >= 0) {
    digits = s.slice(0, dot) + s.slice(dot + 1);
    decimals = s.length - dot - 1;
  }
  const shift = FX_DIGITS - decimals + exp;
  let v = BigInt(digits);
  if (shift >= 0) v *= POW10[shift]!;
  else v /= POW10[-shift]!;
  return negative ? -v : v;
}

/** a × b (exact when the true product has at most 24 decimals; else truncated). */
export function fxMul(a: Fx, b: Fx): Fx {
  return (a * b) / FX_ONE;
}

/** a ÷ b, truncated at 24 decimals. */
export function fxDiv(a: Fx, b: Fx): Fx {
  return (a * FX_ONE) / b;
}

/** Largest multiple of step ≤ a (a, step ≥ 0). */
export function fxFloorTo(a: Fx, step: Fx): Fx {
  return step > 0n ? a - (a % step) : a;
}

export function fxMin(a: Fx, b: Fx): Fx {
  return a < b ? a : b;
}

/** Decimal string of a fixed-point value (all 24 decimals, trailing zeros trimmed). */
export function fxToString(a: Fx): string {
  const negative = a < 0n;
  const s = (negative ? -a : a).toString().padStart(FX_DIGITS + 1, '0');
  const int = s.slice(0, s.length - FX_DIGITS);
  const frac = s.slice(s.length - FX_DIGITS).replace(/0+$/, '');
  return (negative ? '-' : '') + int + (frac ? `.${frac}` : '');
}

/** To decimal.js (exact). */
export function toDecimal(a: Fx): Decimal {
  return new Dec(fxToString(a));
}

/** Rounds half-up (away from zero) to `dp` decimals and writes exactly `dp` decimals. */
export function fxToFixed(a: Fx, dp: number): string {
  const negative = a < 0n;
  let v = negative ? -a : a;
  const drop = FX_DIGITS - dp;
  if (drop > 0) {
    const unit = POW10[drop]!;
    v = (v + unit / 2n) / unit;
  } else if (drop < 0) v *= POW10[-drop]!;
  const s = v.toString().padStart(dp + 1, '0');
  const int = dp > 0 ? s.slice(0, s.length - dp) : s;
  const frac = dp > 0 ? `.${s.slice(s.length - dp)}` : '';
  return (negative && v !== 0n ? '-' : '') + int + frac;
}

/** Nearest multiple of step (half-up), for positive values. */
export function fxRoundTo(a: Fx, step: Fx): Fx {
  if (step <= 0n) return a;
  return ((a + step / 2n) / step) * step;
}
