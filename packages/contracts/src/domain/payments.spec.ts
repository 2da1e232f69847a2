import { describe, expect, it } from 'vitest';
import {
  cardBrand,
  cvvValid,
  expiryValid,
  formatCardExpiry,
  formatCardNumber,
  luhnValid,
  nextAnchorDay,
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

  /** A São Paulo wall-clock time (UTC−3) as an instant. */
  const sp = (isoLocal: string) => new Date(`${isoLocal}-03:00`);
  /** The renewals of a monthly subscription started at `start`: each period ends where the next begins. */
  const renewals = (start: Date, n: number) => {
    const ends: Date[] = [];
    let s = start;
    let anchor: number | undefined;
    for (let i = 0; i < n; i++) {
      const e = periodEnd(s, 'monthly', anchor);
      ends.push(e);
      anchor = nextAnchorDay(s, e);
      s = e;
    }
    return ends;
  };

  it('a month never overflows: 31/01 → 28/02 (29/02 in a leap year) → 31/03 → 30/04, anchored on the start day', () => {
    // The old setUTCMonth arithmetic answered 03/03 and 01/05.
    expect(periodEnd(sp('2026-01-31T10:00:00'), 'monthly')).toEqual(sp('2026-02-28T10:00:00'));
    expect(periodEnd(sp('2026-03-31T10:00:00'), 'monthly')).toEqual(sp('2026-04-30T10:00:00'));
    expect(periodEnd(sp('2028-01-31T10:00:00'), 'monthly')).toEqual(sp('2028-02-29T10:00:00'));
    expect(periodEnd(sp('2028-01-30T10:00:00'), 'monthly')).toEqual(sp('2028-02-29T10:00:00'));
    expect(periodEnd(sp('2100-01-29T10:00:00'), 'monthly')).toEqual(sp('2100-02-28T10:00:00')); // 2100: not leap
    expect(periodEnd(sp('2000-01-29T10:00:00'), 'monthly')).toEqual(sp('2000-02-29T10:00:00')); // 2000: leap
    expect(renewals(sp('2026-01-31T09:30:00'), 7)).toEqual(
      ['02-28', '03-31', '04-30', '05-31', '06-30', '07-31', '08-31'].map((d) => sp(`2026-${d}T09:30:00`)),
    );
    expect(renewals(sp('2027-12-31T23:59:00'), 3)).toEqual(
      ['2028-01-31', '2028-02-29', '2028-03-31'].map((d) => sp(`${d}T23:59:00`)),
    );
    expect(renewals(sp('2028-01-30T08:00:00'), 3)).toEqual(
      ['02-29', '03-30', '04-30'].map((d) => sp(`2028-${d}T08:00:00`)),
    );
  });

  it('the calendar is São Paulo’s: 30/04 at 22:00 (01/05 in UTC) ends on 30/05 at 22:00', () => {
    expect(periodEnd(sp('2026-04-30T22:00:00'), 'monthly')).toEqual(sp('2026-05-30T22:00:00'));
    expect(periodEnd(sp('2026-01-31T23:30:00'), 'monthly')).toEqual(sp('2026-02-28T23:30:00'));
  });

  it('a year from 29/02 ends on 28/02 of a common year, on 29/02 of the next leap year', () => {
    expect(periodEnd(sp('2028-02-29T12:00:00'), 'yearly')).toEqual(sp('2029-02-28T12:00:00'));
    expect(periodEnd(sp('2031-02-28T12:00:00'), 'yearly', 29)).toEqual(sp('2032-02-29T12:00:00'));
    expect(periodEnd(sp('2026-01-31T12:00:00'), 'yearly')).toEqual(sp('2027-01-31T12:00:00'));
  });

  it('every start day of 2024–2029 gives a period of one calendar month, never past the next month', () => {
    for (
      let t = sp('2024-01-01T12:00:00').getTime();
      t < sp('2029-12-31T12:00:00').getTime();
      t += 86_400_000
    ) {
      const start = new Date(t);
      const end = periodEnd(start, 'monthly');
      const local = (d: Date) => new Date(d.getTime() - 3 * 3_600_000);
      const sd = local(start);
      const ed = local(end);
      expect(
        ed.getUTCFullYear() * 12 + ed.getUTCMonth() - (sd.getUTCFullYear() * 12 + sd.getUTCMonth()),
      ).toBe(1);
      const lastOfMonth = new Date(Date.UTC(ed.getUTCFullYear(), ed.getUTCMonth() + 1, 0)).getUTCDate();
      expect(ed.getUTCDate()).toBe(Math.min(sd.getUTCDate(), lastOfMonth));
    }
  });
});
