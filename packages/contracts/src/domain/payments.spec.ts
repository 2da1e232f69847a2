import { describe, expect, it } from 'vitest';
import {
  cardBrand,
  cvvValid,
  expiryValid,
  formatCardExpiry,
  formatCardNumber,
  luhnValid,
  periodEnd,
} from './payments.js';

describe('card checks (run in the browser before anything reaches the server)', () => {
  it('Luhn', () => {
    expect(luhnValid('4111 1111 1111 1111')).toBe(true);
    expect(luhnValid('5555555555554444')).toBe(true);
    expect(luhnValid('4111 1111 1111 1112')).toBe(false);
    expect(luhnValid('4111-1111-1111-1111')).toBe(true);
    expect(luhnValid('4111a1111 1111 1111')).toBe(false);
    expect(luhnValid('0')).toBe(false);
  });
  it('brand from the number: Visa, Mastercard (51–55, 2221–2720), Elo; others refused', () => {
    expect(cardBrand('4111111111111111')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2221000000000009')).toBe('mastercard');
    expect(cardBrand('6362970000457013')).toBe('elo');
    expect(cardBrand('5067230000000000')).toBe('elo');
    expect(cardBrand('4011780000000000')).toBe('elo');
    expect(cardBrand('378282246310005')).toBeNull(); // Amex
    expect(cardBrand('6011111111111117')).toBeNull(); // Discover
  });
  it('expiry MM/AA in the future, valid through the month', () => {
    const now = new Date(2026, 10, 22);
    expect(expiryValid('11/26', now)).toBe(true);
    expect(expiryValid('10/26', now)).toBe(false);
    expect(expiryValid('01/27', now)).toBe(true);
    expect(expiryValid('13/27', now)).toBe(false);
    expect(expiryValid('1/27', now)).toBe(false);
  });
  it('CVV 3–4 digits', () => {
    expect(cvvValid('123')).toBe(true);
    expect(cvvValid('1234')).toBe(true);
    expect(cvvValid('12')).toBe(false);
    expect(cvvValid('12a')).toBe(false);
  });
  it('formats as typed', () => {
    expect(formatCardNumber('41111111111111112')).toBe('4111 1111 1111 1111 2');
    expect(formatCardExpiry('1227')).toBe('12/27');
    expect(formatCardExpiry('1')).toBe('1');
  });
  it('periods: a month or twelve', () => {
    expect(periodEnd(new Date('2026-01-31T00:00:00Z'), 'yearly')).toEqual(new Date('2027-01-31T00:00:00Z'));
    expect(periodEnd(new Date('2026-11-22T10:00:00Z'), 'monthly')).toEqual(new Date('2026-12-22T10:00:00Z'));
  });
});
