/*
 * Rounding and pt-BR writing of plain decimal strings without decimal.js nor Intl: the browser's first pages use it
 * (formatBRL, the landing page's figures, the public scanner's 'após rebalanceamento' figure on /demo), where
 * decimal.js would be a download of its own and the first Intl.NumberFormat of a page costs one long task (issue 33:
 * ICU's number data, 25–100 ms on this host before any throttling); decimal-display.ts and trade-brl.ts round
 * strings through it too.
 */

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

/**
 * An exact R$ amount (a plain decimal string, as the API and the engine send it) rounded half-up to centavos, with a
 * zero written without its sign ('12.345' → '12.35', '-0.001' → '0.00'), for formatBRL; null for any other form.
 * trade-brl.ts's brlForDisplay takes the same path for a string.
 */
export function roundBrlString(value: string): string | null {
  const rounded = roundDecimalString(value, 2);
  // decimal.js writes a zero without its sign ('-0.001' → '0.00')
  return rounded === '-0.00' ? '0.00' : rounded;
}

/** A number as JavaScript writes it shortest (what Intl rounds), without exponent: 1e-7 → '0.0000001', -0 → '-0'. */
function plainDecimal(value: number): string {
  const text = String(Math.abs(value));
  const m = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  let plain = text;
  if (m) {
    const digits = m[1]! + (m[2] ?? '');
    const point = m[1]!.length + Number(m[3]);
    if (point <= 0) plain = `0.${'0'.repeat(-point)}${digits}`;
    else if (point >= digits.length) plain = digits + '0'.repeat(point - digits.length);
    else plain = `${digits.slice(0, point)}.${digits.slice(point)}`;
  }
  return value < 0 || Object.is(value, -0) ? `-${plain}` : plain;
}

/**
 * A number or a plain decimal string written the pt-BR way with `minDecimals` to `maxDecimals` decimals, as
 * `new Intl.NumberFormat('pt-BR', { minimumFractionDigits, maximumFractionDigits }).format` writes it
 * (1234.5, 2, 2 → '1.234,50'; '-0.001', 0, 2 → '-0'): rounded half away from zero from the shortest form of a
 * number, thousands grouped with '.', ',' before the decimals. Throws a RangeError for a string of another form.
 */
export function formatPtBrDecimal(value: number | string, minDecimals: number, maxDecimals: number): string {
  if (typeof value === 'number' && !Number.isFinite(value))
    return Number.isNaN(value) ? 'NaN' : value > 0 ? '∞' : '-∞';
  const plain = typeof value === 'number' ? plainDecimal(value) : value.trim().replace(/^\+/, '');
  const rounded = roundDecimalString(plain, maxDecimals);
  if (rounded === null) throw new RangeError(`não é um decimal: ${String(value)}`);
  const negative = rounded.startsWith('-');
  const [int = '', frac = ''] = (negative ? rounded.slice(1) : rounded).split('.');
  const decimals = frac.replace(/0+$/, '').padEnd(minDecimals, '0');
  const grouped = int.replace(/\B(?=(\d{3})+$)/g, '.');
  return `${negative ? '-' : ''}${grouped}${decimals ? `,${decimals}` : ''}`;
}
