import { describe, expect, it } from 'vitest';
import { isValidBoleto } from '@brazilian-utils/brazilian-utils';
import { dueFactor, makeBoleto, mod10, mod11Barcode } from './boleto.js';

describe('boleto linha digitável', () => {
  it('recomputes every check digit of a known-good line', () => {
    // A Banco do Brasil line that @brazilian-utils/brazilian-utils documents as valid.
    const line = '00190000090114971860168524522114675860000102656';
    const [f1, f2, f3, dv, rest] = [
      line.slice(0, 10),
      line.slice(10, 21),
      line.slice(21, 32),
      line[32],
      line.slice(33),
    ];
    expect(mod10(f1.slice(0, 9))).toBe(Number(f1[9]));
    expect(mod10(f2.slice(0, 10))).toBe(Number(f2[10]));
    expect(mod10(f3.slice(0, 10))).toBe(Number(f3[10]));
    const barcodeWithoutDv = line.slice(0, 4) + rest + f1.slice(4, 9) + f2.slice(0, 10) + f3.slice(0, 10);
    expect(mod11Barcode(barcodeWithoutDv)).toBe(Number(dv));
  });

  it('due factor: 07/10/1997 base, restarting at 1000 on 22/02/2025', () => {
    expect(dueFactor('2000-07-03')).toBe('1000');
    expect(dueFactor('2025-02-21')).toBe('9999');
    expect(dueFactor('2025-02-22')).toBe('1000');
    expect(dueFactor('2026-11-26')).toBe('1642');
  });

  it('makes a boleto that an independent validator accepts, with the amount and due factor in place', () => {
    const b = makeBoleto('000', 99900, '2026-11-26', '1234567890123456789012345');
    expect(b.barcode).toHaveLength(44);
    expect(b.line).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
    expect(b.line.endsWith('1642' + '0000099900')).toBe(true);
    expect(isValidBoleto(b.line)).toBe(true);
    const wrong = b.line.replace(/^(\d{4})\d/, (_, a: string) => `${a}${(Number(b.line[4]) + 1) % 10}`);
    expect(isValidBoleto(wrong)).toBe(false);
  });
});
