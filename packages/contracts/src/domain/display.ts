/*
 * Display helpers the browser's first page needs (no decimal.js here: it would ride in every page's entry; no Intl:
 * a page's first Intl.NumberFormat is a long task on a slow phone, issue 33). The Decimal-based ones are in
 * decimal-display.ts.
 */
import { formatPtBrDecimal } from './decimal-string.js';

/** Dates shown to users (DECISIONS §11). */
export const TIME_ZONE = 'America/Sao_Paulo';

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
