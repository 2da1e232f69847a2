import { describe, expect, it } from 'vitest';
import { cpfDigits, cpfValid, formatCpfInput, maskCpf } from './cpf.js';

describe('CPF (payer identification for boleto and Mercado Pago cards)', () => {
  it('accepts valid check digits, with or without the mask', () => {
    // 529.982.247-25 and 280.012.389-38 (the Receita Federal's worked example) are valid.
    expect(cpfValid('529.982.247-25')).toBe(true);
    expect(cpfValid('52998224725')).toBe(true);
    expect(cpfValid('280.012.389-38')).toBe(true);
  });

  it('refuses a wrong check digit, repeated digits and the wrong length', () => {
    expect(cpfValid('529.982.247-24')).toBe(false);
    expect(cpfValid('529.982.247-35')).toBe(false);
    expect(cpfValid('111.111.111-11')).toBe(false);
    expect(cpfValid('000.000.000-00')).toBe(false);
    expect(cpfValid('5299822472')).toBe(false);
    expect(cpfValid('529982247250')).toBe(false);
    expect(cpfValid('abc.def.ghi-jk')).toBe(false);
    expect(cpfValid('')).toBe(false);
  });

  it('formats as typed, keeps only digits, and masks what is shown', () => {
    expect(formatCpfInput('529')).toBe('529');
    expect(formatCpfInput('5299')).toBe('529.9');
    expect(formatCpfInput('529982247')).toBe('529.982.247');
    expect(formatCpfInput('52998224725999')).toBe('529.982.247-25');
    expect(cpfDigits('529.982.247-25')).toBe('52998224725');
    expect(maskCpf('52998224725')).toBe('***.982.247-**');
  });
});
