/**
 * Boleto de cobrança (Carta-Circular BCB 2.926/2000, FEBRABAN layout): the 44-digit barcode and its
 * 47-digit linha digitável with the module-10 field digits and the module-11 general digit.
 */

/** Módulo 10: weights 2,1,2,1… from the right, products' digits summed. */
export function mod10(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    let p = (digits.charCodeAt(i) - 48) * weight;
    if (p > 9) p = Math.floor(p / 10) + (p % 10);
    sum += p;
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}

/** Módulo 11 of the barcode's general digit: weights 2…9 from the right; 0, 10 and 11 become 1. */
export function mod11Barcode(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += (digits.charCodeAt(i) - 48) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const dv = 11 - (sum % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

const BASE_DAY = Date.UTC(1997, 9, 7);

/**
 * Fator de vencimento: days since 07/10/1997; after 9999 (21/02/2025) it restarts at 1000
 * (FEBRABAN, 22/02/2025 = 1000).
 */
export function dueFactor(dueDate: string): string {
  const [y, m, d] = dueDate.split('-').map(Number) as [number, number, number];
  const days = Math.round((Date.UTC(y, m - 1, d) - BASE_DAY) / 86_400_000);
  const factor = days <= 9999 ? days : ((days - 1000) % 9000) + 1000;
  return String(factor).padStart(4, '0');
}

export interface Boleto {
  /** 44 digits (what the bars encode). */
  barcode: string;
  /** 47 digits, formatted 'AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE'. */
  line: string;
}

/** A boleto of `bank` (3 digits) for `amountCents`, due `dueDate` (YYYY-MM-DD), with a 25-digit free field. */
export function makeBoleto(bank: string, amountCents: number, dueDate: string, freeField: string): Boleto {
  if (!/^\d{3}$/.test(bank) || !/^\d{25}$/.test(freeField)) throw new Error('banco ou campo livre inválido');
  if (!Number.isInteger(amountCents) || amountCents < 0 || amountCents > 99_999_999_99)
    throw new Error('valor inválido');
  const factor = dueFactor(dueDate);
  const amount = String(amountCents).padStart(10, '0');
  const withoutDv = `${bank}9${factor}${amount}${freeField}`;
  const dv = mod11Barcode(withoutDv);
  const barcode = `${bank}9${dv}${factor}${amount}${freeField}`;
  const f1 = `${bank}9${freeField.slice(0, 5)}`;
  const f2 = freeField.slice(5, 15);
  const f3 = freeField.slice(15, 25);
  const c1 = `${f1}${mod10(f1)}`;
  const c2 = `${f2}${mod10(f2)}`;
  const c3 = `${f3}${mod10(f3)}`;
  const line = `${c1.slice(0, 5)}.${c1.slice(5)} ${c2.slice(0, 5)}.${c2.slice(5)} ${c3.slice(0, 5)}.${c3.slice(5)} ${dv} ${factor}${amount}`;
  return { barcode, line };
}
