/**
 * pt-BR formatters (DECISIONS §11). Money never goes through a binary float: a decimal string is rounded and
 * written as a string (contracts' formatPtBrDecimal, the digits Intl.NumberFormat gives, without Intl: a page's first
 * Intl object is a long task on a slow phone, issue 33). Dates need the time zone's rules: Intl, built on first use.
 */
const LOCALE = 'pt-BR';
export { TIME_ZONE } from '@arbitra/contracts';
import { formatPtBrDecimal, saoPauloClock, TIME_ZONE } from '@arbitra/contracts';
const PLACEHOLDER = '—';

type DecimalString = `${number}`;

const DECIMAL_PATTERN = /^[+-]?\d+(\.\d+)?$/;

function asDecimal(value: string): DecimalString {
  const trimmed = value.trim();
  if (!DECIMAL_PATTERN.test(trimmed)) throw new RangeError(`não é um decimal: ${value}`);
  return trimmed as DecimalString;
}

/** Money: one implementation, shared with the api's mails and invoices. */
export { centsToDecimal, formatBRL } from '@arbitra/contracts';

/**
 * A number or a plain decimal string with pt-BR separators and `min` to `max` decimals, rounded half away from zero:
 * formatDecimal(1234.5, 2, 4) → '1.234,50'.
 */
export function formatDecimal(value: number | string, min: number, max: number): string {
  return formatPtBrDecimal(typeof value === 'number' ? value : asDecimal(value), min, max);
}

/** A number with pt-BR separators and exactly `decimals` fraction digits: 1234.5678 → '1.234,5678'. */
export function formatNumber(value: number | string, decimals = 2): string {
  return formatDecimal(value, decimals, decimals);
}

/**
 * An average fill price (a trade's, in USDT): at least 2 decimals, and as many more as a cheap coin needs for its tick to show
 * (MATIC at 0.4512 and 0.4534 would both read '0,45' with 2): up to 2 from 100, 4 from 1, 6 below.
 */
export function formatFillPrice(value: number): string {
  const abs = Math.abs(value);
  const max = abs >= 100 ? 2 : abs >= 1 ? 4 : 6;
  return formatDecimal(value, 2, max);
}

/**
 * A number typed in a form, read the pt-BR way: ',' is the decimal separator and '.' groups thousands
 * ('1.234,5' → 1234.5, '1,5' → 1.5, '1.000' → 1000). Without a comma, a '.' that does not group thousands is
 * taken as a decimal point ('1.5' → 1.5), as pasted from elsewhere. NaN when empty or not a number.
 */
export function parseDecimalInput(text: string): number {
  const t = text.trim().replace(/\s/g, '');
  if (t === '') return NaN;
  let normal: string;
  if (t.includes(',')) normal = t.replace(/\./g, '').replace(',', '.');
  else if (/^[+-]?\d{1,3}(\.\d{3})+$/.test(t)) normal = t.replace(/\./g, '');
  else normal = t;
  return /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(normal) ? Number(normal) : NaN;
}

/** A number shown in a form input, the pt-BR way, with up to `maxDecimals` decimals: 1.5 → '1,5', 1000 → '1.000'. */
export function formatDecimalInput(value: number, maxDecimals = 2): string {
  return Number.isFinite(value) ? formatDecimal(value, 0, maxDecimals) : '';
}

/** A value already in percent units: 1.25 → '1,25%'. */
export function formatPercent(value: number | string, decimals = 2): string {
  return `${formatNumber(value, decimals)}%`;
}

let dateParts: Intl.DateTimeFormat | undefined;
const datePartsFormat = () =>
  (dateParts ??= new Intl.DateTimeFormat(LOCALE, {
    timeZone: TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }));

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function partsOf(date: Date): Record<'day' | 'month' | 'year' | 'hour' | 'minute' | 'second', string> {
  const parts = Object.fromEntries(
    datePartsFormat()
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return {
    day: parts.day ?? '',
    month: parts.month ?? '',
    year: parts.year ?? '',
    hour: parts.hour ?? '',
    minute: parts.minute ?? '',
    second: parts.second ?? '',
  };
}

/** 'dd/MM/yyyy HH:mm:ss' in America/Sao_Paulo. */
export function formatDateTime(value: Date | string | number): string {
  const date = toDate(value);
  if (!date) return PLACEHOLDER;
  const p = partsOf(date);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

/**
 * 'HH:mm' ('HH:mm:ss' with `seconds`) in America/Sao_Paulo: without Intl for an instant since the zone's fixed offset
 * (contracts' saoPauloClock: a page's first Intl object is a long task on a slow phone, issue 33), else by its rules.
 */
export function formatClockTime(value: number, seconds = false): string {
  const clock = saoPauloClock(value, seconds);
  if (clock !== undefined) return clock;
  const date = toDate(value);
  if (!date) return PLACEHOLDER;
  const p = partsOf(date);
  return seconds ? `${p.hour}:${p.minute}:${p.second}` : `${p.hour}:${p.minute}`;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'dd/MM/yyyy' in America/Sao_Paulo; a calendar date ('2026-02-10') is shown as it is, with no time-zone shift. */
export function formatDate(value: Date | string | number): string {
  const calendar = typeof value === 'string' ? DATE_ONLY.exec(value) : null;
  if (calendar) return `${calendar[3]}/${calendar[2]}/${calendar[1]}`;
  const date = toDate(value);
  if (!date) return PLACEHOLDER;
  const p = partsOf(date);
  return `${p.day}/${p.month}/${p.year}`;
}

const AGE_UNITS = [
  { limit: 60_000, size: 1_000, unit: 's' },
  { limit: 3_600_000, size: 60_000, unit: 'min' },
  { limit: 86_400_000, size: 3_600_000, unit: 'h' },
] as const;
const DAY = { size: 86_400_000, unit: 'd' } as const;

/** How long ago, from an age in milliseconds: 5_000 → 'há 5 s'; under a second → 'agora'. */
export function formatRelativeAge(ageMs: number): string {
  if (!Number.isFinite(ageMs)) return PLACEHOLDER;
  if (ageMs < 1_000) return 'agora';
  const unit = AGE_UNITS.find((u) => ageMs < u.limit) ?? DAY;
  return `há ${Math.floor(ageMs / unit.size)} ${unit.unit}`;
}
