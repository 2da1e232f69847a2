import { Decimal } from 'decimal.js';

/** An exact decimal as a number rounded half-up to `places`, for an API field shown to users (the exact figure stays stored). */
export function roundForDisplay(value: Decimal.Value, places: number): number {
  return new Decimal(value).toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toNumber();
}
