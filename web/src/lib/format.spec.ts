import { describe, expect, it } from 'vitest';
import {
  formatDecimalInput,
  parseDecimalInput,
  centsToDecimal,
  formatBRL,
  formatDate,
  formatDateTime,
  formatNumber,
  formatPercent,
  formatFillPrice,
  formatRelativeAge,
} from './format';

describe('formatBRL', () => {
  it('formats integer cents', () => {
    expect(formatBRL(123456)).toBe('R$\u00a01.234,56');
    expect(formatBRL(4990)).toBe('R$\u00a049,90');
    expect(formatBRL(5)).toBe('R$\u00a00,05');
    expect(formatBRL(-199990)).toBe('-R$\u00a01.999,90');
  });

  it('formats a decimal string exactly, with no binary-float rounding', () => {
    expect(formatBRL('1234.56')).toBe('R$\u00a01.234,56');
    expect(formatBRL('0.005')).toBe('R$\u00a00,01');
    // 1.005 as a float is 1.00499999…; as a decimal string it rounds half-up to 1,01.
    expect(formatBRL('1.005')).toBe('R$\u00a01,01');
    expect(formatBRL('12345678901234567.89')).toBe('R$\u00a012.345.678.901.234.567,89');
  });

  it('refuses cents that are not integers and strings that are not decimals', () => {
    expect(() => formatBRL(49.9)).toThrow(RangeError);
    expect(() => formatBRL('12,50')).toThrow(RangeError);
  });

  it('converts cents to a decimal string', () => {
    expect(centsToDecimal(123456)).toBe('1234.56');
    expect(centsToDecimal(7)).toBe('0.07');
    expect(centsToDecimal(-50)).toBe('-0.50');
  });
});

describe('formatNumber and formatPercent', () => {
  it('uses pt-BR separators and fixed decimals', () => {
    expect(formatNumber(1234.5678, 4)).toBe('1.234,5678');
    expect(formatNumber('1234.5678', 2)).toBe('1.234,57');
    expect(formatNumber(3, 1)).toBe('3,0');
  });

  it('formats a value in percent units', () => {
    expect(formatPercent(1.25)).toBe('1,25%');
    expect(formatPercent('97.5', 1)).toBe('97,5%');
  });
});

describe('formatFillPrice', () => {
  it('keeps the decimals a cheap coin needs and 2 for the dear ones', () => {
    expect(formatFillPrice(64123.5)).toBe('64.123,50');
    expect(formatFillPrice(190.17)).toBe('190,17');
    expect(formatFillPrice(7.213)).toBe('7,213');
    expect(formatFillPrice(0.4512)).toBe('0,4512');
    expect(formatFillPrice(0.45)).toBe('0,45');
  });
});

describe('dates in America/Sao_Paulo', () => {
  it('formats date and time', () => {
    expect(formatDateTime('2026-01-15T03:00:00Z')).toBe('15/01/2026 00:00:00');
    expect(formatDateTime(new Date('2026-07-01T12:34:56Z'))).toBe('01/07/2026 09:34:56');
  });

  it('formats the date, which can be the day before in UTC terms', () => {
    expect(formatDate('2026-01-15T03:00:00Z')).toBe('15/01/2026');
    expect(formatDate('2026-01-15T02:59:59Z')).toBe('14/01/2026');
  });

  it('keeps a calendar date as it is', () => {
    expect(formatDate('2026-02-10')).toBe('10/02/2026');
  });

  it('shows a dash for an invalid date', () => {
    expect(formatDateTime('não é data')).toBe('—');
  });
});

describe('formatRelativeAge', () => {
  it('picks the unit', () => {
    expect(formatRelativeAge(400)).toBe('agora');
    expect(formatRelativeAge(5_000)).toBe('há 5 s');
    expect(formatRelativeAge(59_999)).toBe('há 59 s');
    expect(formatRelativeAge(120_000)).toBe('há 2 min');
    expect(formatRelativeAge(3 * 3_600_000)).toBe('há 3 h');
    expect(formatRelativeAge(2 * 86_400_000)).toBe('há 2 d');
  });
});

describe('parseDecimalInput and formatDecimalInput (form inputs, pt-BR)', () => {
  it('reads a comma as the decimal separator and a dot as thousands', () => {
    expect(parseDecimalInput('1,5')).toBe(1.5);
    expect(parseDecimalInput(' 0,12 ')).toBe(0.12);
    expect(parseDecimalInput('1.234,56')).toBe(1234.56);
    expect(parseDecimalInput('1.000')).toBe(1000);
    expect(parseDecimalInput('1000')).toBe(1000);
    expect(parseDecimalInput('1.5')).toBe(1.5);
    expect(parseDecimalInput(',5')).toBe(0.5);
    expect(parseDecimalInput('')).toBeNaN();
    expect(parseDecimalInput('abc')).toBeNaN();
    expect(parseDecimalInput('1,2,3')).toBeNaN();
  });

  it('shows a comma, and groups thousands', () => {
    expect(formatDecimalInput(1.5)).toBe('1,5');
    expect(formatDecimalInput(0.12)).toBe('0,12');
    expect(formatDecimalInput(1000)).toBe('1.000');
    expect(formatDecimalInput(1234.567)).toBe('1.234,57');
    expect(formatDecimalInput(NaN)).toBe('');
    expect(parseDecimalInput(formatDecimalInput(98765.43))).toBe(98765.43);
  });
});
