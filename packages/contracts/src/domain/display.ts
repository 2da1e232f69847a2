/*
 * Display helpers the browser's first page needs (no decimal.js here: it would ride in every page's entry).
 * The Decimal-based ones are in decimal-display.ts.
 */

/** Dates shown to users (DECISIONS §11). */
export const TIME_ZONE = 'America/Sao_Paulo';

type DecimalString = `${number}`;
const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
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
 * (4990 → 'R$ 49,90'); a string is an exact decimal amount in reais ('1234.56' → 'R$ 1.234,56').
 * Intl accepts the decimal string, so money never goes through a binary float. Intl puts a no-break space after 'R$'.
 */
export function formatBRL(value: number | string): string {
  if (typeof value === 'number') return BRL.format(centsToDecimal(value));
  const trimmed = value.trim();
  if (!DECIMAL_PATTERN.test(trimmed)) throw new RangeError(`não é um decimal: ${value}`);
  return BRL.format(trimmed as DecimalString);
}
