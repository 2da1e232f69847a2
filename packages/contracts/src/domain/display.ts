/*
 * Display helpers the browser's first page needs (no decimal.js here: it would ride in every page's entry; no Intl:
 * a page's first Intl.NumberFormat is a long task on a slow phone, issue 33). The Decimal-based ones are in
 * decimal-display.ts.
 */
import { formatPtBrDecimal } from './decimal-string.js';

/** Dates shown to users (DECISIONS §11). */
export const TIME_ZONE = 'America/Sao_Paulo';

/**
 * São Paulo's wall clock: Brazil keeps UTC−3 all year since daylight saving time ended (Decreto nº 9.772/2019), so
 * the dates a user reads are the UTC instant minus 3 hours.
 */
export const SAO_PAULO_OFFSET_MS = 3 * 3_600_000;

/** The end of São Paulo's last daylight saving time (17/02/2019 00:00 BRST): UTC−3 at every instant since. */
const SAO_PAULO_FIXED_OFFSET_SINCE = Date.UTC(2019, 1, 17, 2);

const twoDigits = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/**
 * 'HH:mm' ('HH:mm:ss' with `seconds`) of the instant `ms` (epoch ms) on São Paulo's clock, as
 * Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
 * writes it, without Intl (a page's first Intl object is a long task on a slow phone, issue 33). Undefined for an
 * instant before the fixed offset (or not finite): the caller formats that one with Intl and the zone's rules.
 */
export function saoPauloClock(ms: number, seconds = false): string | undefined {
  if (!Number.isFinite(ms) || ms < SAO_PAULO_FIXED_OFFSET_SINCE) return undefined;
  const local = new Date(ms - SAO_PAULO_OFFSET_MS);
  const hm = `${twoDigits(local.getUTCHours())}:${twoDigits(local.getUTCMinutes())}`;
  return seconds ? `${hm}:${twoDigits(local.getUTCSeconds())}` : hm;
}

type DecimalString = `${number}`;
const DECIMAL_PATTERN = /^[+-]?\d+(\.\d+)?$/;

/** Integer cents → exact decimal string ('123456' → '1234.56'). */
export function centsToDecimal(cents: number): DecimalString {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`centavos devem ser inteiros: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const digits = Math.abs(cents).toString().padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}` as DecimalString;
}

/**
 * Formats BRL (pt-BR), in the browser and in the api's mails and invoices. A number is integer cents
 * (4990 → 'R$ 49,90'); a string is an exact decimal amount in reais ('1234.56' → 'R$ 1.234,56'), rounded half away
 * from zero to centavos. Written as Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }) writes it,
 * a no-break space after 'R$' and the minus before it ('-R$ 1,50'), without going through a binary float.
 */
export function formatBRL(value: number | string): string {
  const amount = typeof value === 'number' ? centsToDecimal(value) : value.trim();
  if (!DECIMAL_PATTERN.test(amount)) throw new RangeError(`não é um decimal: ${value}`);
  const text = formatPtBrDecimal(amount, 2, 2);
  return text.startsWith('-') ? `-R$\u00a0${text.slice(1)}` : `R$\u00a0${text}`;
}
