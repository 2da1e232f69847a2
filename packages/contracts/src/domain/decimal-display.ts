import { Decimal } from 'decimal.js';

/** A decimal string as Postgres sends a numeric: optional minus, digits, optional fraction. */
const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d*))?$/;

/**
 * A plain decimal string rounded half-up (half away from zero, as Decimal.ROUND_HALF_UP) to `places` decimals, with
 * exactly `places` decimals ('-1.005', 2 → '-1.01'; '7', 2 → '7.00'); null for any other form (exponent, spaces…).
 * The same digits decimal.js gives, without building a Decimal: the trade history rounds ~10 figures per trade
 * (issue 13: decimal.js was a tenth of the api's CPU on GET /api/trades). The sign of a zero result is kept.
 */
export function roundDecimalString(value: string, places: number): string | null {
  const m = PLAIN_DECIMAL.exec(value);
  if (!m) return null;
  const sign = m[1]!;
  const int = m[2]!;
  const frac = m[3] ?? '';
  let digits = int + (frac.length >= places ? frac.slice(0, places) : frac.padEnd(places, '0'));
  if (frac.length > places && frac.charCodeAt(places) >= 53 /* '5' */) {
    // + 1 on the last kept digit, carrying to the left
    let i = digits.length - 1;
    while (i >= 0 && digits[i] === '9') i--;
    digits =
      i < 0
        ? '1' + '0'.repeat(digits.length)
        : digits.slice(0, i) +
          String.fromCharCode(digits.charCodeAt(i) + 1) +
          '0'.repeat(digits.length - 1 - i);
  }
  const cut = digits.length - places;
  const whole = digits.slice(0, cut).replace(/^0+(?=\d)/, '');
  return places > 0 ? `${sign}${whole}.${digits.slice(cut)}` : `${sign}${whole}`;
}

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
