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

/** k × step written cleanly (no binary noise such as 0.30000000000000004). */
export function multipleOf(k: number, step: number, decimals = decimalsOf(step)): number {
  return Number((k * step).toFixed(Math.min(decimals, 20)));
}

/** Largest multiple of step ≤ value (tolerant to binary noise just below a multiple). */
export function floorToStep(value: number, step: number, decimals = decimalsOf(step)): number {
  if (!(step > 0)) return value;
  return multipleOf(Math.floor(value / step + 1e-9), step, decimals);
}
