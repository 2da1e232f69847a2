import { formatCpf, isValidCpf } from '@brazilian-utils/brazilian-utils';

/**
 * The payer's CPF (Mercado Pago needs it for boleto and for cards in Brazil). The check digits are verified by
 * @brazilian-utils/brazilian-utils (the Receita Federal's rule), in the browser and again on the server.
 */

/** Only the 11 digits ('123.456.789-09' → '12345678909'). */
export const cpfDigits = (value: string): string => value.replace(/\D/g, '');

/** Valid check digits, typed with or without the mask; repeated digits ('111.111.111-11') are refused. */
export const cpfValid = (value: string): boolean => isValidCpf(value);

/** As it is typed: '12345678909' → '123.456.789-09' (partial input formats what it has). */
export function formatCpfInput(value: string): string {
  const d = cpfDigits(value).slice(0, 11);
  const parts = [d.slice(0, 3), d.slice(3, 6), d.slice(6, 9)].filter(Boolean).join('.');
  return d.length > 9 ? `${parts}-${d.slice(9)}` : parts;
}

/** As it is shown once stored: '***.456.789-**' (personal data, never shown whole). */
export const maskCpf = (value: string): string => formatCpf(cpfDigits(value), { obfuscate: true });
