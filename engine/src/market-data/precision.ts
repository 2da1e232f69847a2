import type { Decimal } from 'decimal.js';
import { Dec } from './money.js';

/** Number of decimals needed to write a step such as 0.001 (3), 1e-8 (8), 0.5 (1), 10 (0). */
export function decimalsOf(step: number): number {
  if (!(step > 0) || !Number.isFinite(step)) return 0;
  const s = step.toString();
  const e = s.indexOf('e-');
  if (e >= 0) {
    const mantissa = s.slice(0, e);
    const dot = mantissa.indexOf('.');
    return Number(s.slice(e + 2)) + (dot >= 0 ? mantissa.length - dot - 1 : 0);
  }
  const dot = s.indexOf('.');
  return dot >= 0 ? s.length - dot - 1 : 0;
}

const POW10 = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/**
 * k × step written cleanly (no binary noise such as 0.30000000000000004). Hot in the simulated market (every
 * level of every book): an integer count of 10^-decimals divided by 10^decimals is the double nearest that
 * decimal, as parsing toFixed's text would give, without the string; toFixed only beyond 15 decimals.
 */
export function multipleOf(k: number, step: number, decimals = decimalsOf(step)): number {
  if (decimals <= 15) {
    const p = POW10[decimals]!;
    const x = k * step * p;
    if (Math.abs(x) < 4e15) return Math.round(x) / p;
  }
  return Number((k * step).toFixed(Math.min(decimals, 20)));
}

/** Largest multiple of step ≤ value (tolerant to binary noise just below a multiple). */
export function floorToStep(value: number, step: number, decimals = decimalsOf(step)): number {
  if (!(step > 0)) return value;
  return multipleOf(Math.floor(value / step + 1e-9), step, decimals);
}

/**
 * The amount of an order: the largest multiple of `step` ≤ `amount`, exact (decimal.js, money.ts). The float
 * floorToStep above ranks detections on the hot path; what becomes an order is sized here. A step of 0 (unknown)
 * is 1e-8. The step is read as it prints (0.001 is 0.001).
 */
export function floorToStepExact(amount: Decimal.Value, step: number | string): Dec {
  const s = new Dec(typeof step === 'string' ? step : step > 0 ? String(step) : '1e-8');
  if (s.lte(0)) return new Dec(amount).toDecimalPlaces(8, Dec.ROUND_DOWN);
  return new Dec(amount).div(s).floor().mul(s);
}
