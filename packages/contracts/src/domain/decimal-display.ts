import { Decimal } from 'decimal.js';
import { roundDecimalString } from './decimal-string.js';

/** An exact decimal as a number rounded half-up to `places`, for an API field shown to users (the exact figure stays stored). */
export function roundForDisplay(value: Decimal.Value, places: number): number {
  const rounded = typeof value === 'string' ? roundDecimalString(value, places) : null;
  if (rounded !== null) return Number(rounded);
  return new Decimal(value).toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toNumber();
}

/** An exact decimal formatted pt-BR with `places` decimals ('1.234,56'), without passing through a binary float. */
export function formatDecimalPtBr(value: Decimal.Value, places = 2): string {
  const fixed = new Decimal(value).toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toFixed(places);
  const negative = fixed.startsWith('-');
  const [int = '0', frac] = (negative ? fixed.slice(1) : fixed).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negative ? '-' : ''}${grouped}${frac ? `,${frac}` : ''}`;
}

/** A quantity as it is, without trailing zeros, pt-BR separators: '0.02000000' → '0,02', '1234.5' → '1.234,5'. */
export function formatQuantityPtBr(value: Decimal.Value): string {
  const d = new Decimal(value);
  return formatDecimalPtBr(d, Math.max(0, d.decimalPlaces()));
}
