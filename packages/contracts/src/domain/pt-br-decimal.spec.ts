import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPtBrDecimal } from './decimal-string.js';
import { formatBRL, saoPauloClock, TIME_ZONE } from './display.js';

/** What the browser wrote with Intl before (issue 33 took Intl off the first pages): the reference. */
const intl = (min: number, max: number) =>
  new Intl.NumberFormat('pt-BR', { minimumFractionDigits: min, maximumFractionDigits: max });
const intlBRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

const decimals = fc
  .integer({ min: 0, max: 6 })
  .chain((max) => fc.tuple(fc.integer({ min: 0, max }), fc.constant(max)));
const decimalString = fc
  .tuple(
    fc.constantFrom('', '-', '+'),
    fc.bigInt({ min: 0n, max: 10n ** 20n }),
    fc.option(fc.stringMatching(/^\d{1,9}$/)),
  )
  .map(([sign, int, frac]) => `${sign}${int}${frac === null ? '' : `.${frac}`}`);

describe('pt-BR decimals without Intl (issue 33)', () => {
  it('writes every number as Intl.NumberFormat pt-BR does', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double(),
          fc.double({ min: -1e7, max: 1e7 }),
          fc.integer().map((n) => n / 1000),
          fc.constantFrom(1.005, 2.5, -2.5, 0.5, -0, 1e21, 1e-7, 123456.785),
        ),
        decimals,
        (value, [min, max]) => {
          expect(formatPtBrDecimal(value, min, max)).toBe(intl(min, max).format(value));
        },
      ),
      { numRuns: 8_000 },
    );
  });

  it('writes every plain decimal string as Intl.NumberFormat pt-BR does', () => {
    fc.assert(
      fc.property(decimalString, decimals, (value, [min, max]) => {
        expect(formatPtBrDecimal(value, min, max)).toBe(intl(min, max).format(value as `${number}`));
      }),
      { numRuns: 8_000 },
    );
  });

  it('formatBRL writes cents and R$ strings as the currency format does', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), (cents) => {
        const reais = `${cents < 0 ? '-' : ''}${Math.abs(cents) / 100}`;
        expect(formatBRL(cents)).toBe(intlBRL.format(`${cents / 100}`));
        expect(formatBRL(reais)).toBe(intlBRL.format(reais as `${number}`));
      }),
      { numRuns: 10_000 },
    );
    fc.assert(
      fc.property(decimalString, (value) => {
        expect(formatBRL(value)).toBe(intlBRL.format(value as `${number}`));
      }),
      { numRuns: 10_000 },
    );
    expect(formatBRL(4990)).toBe('R$\u00a049,90');
    expect(formatBRL('-1234.565')).toBe('-R$\u00a01.234,57');
    expect(formatBRL('-0.001')).toBe('-R$\u00a00,00');
  });

  it('refuses what is not a plain decimal', () => {
    expect(() => formatPtBrDecimal('1e5', 0, 2)).toThrow(RangeError);
    expect(() => formatBRL('abc')).toThrow(RangeError);
    expect(formatPtBrDecimal(Number.NaN, 0, 2)).toBe(intl(0, 2).format(Number.NaN));
    expect(formatPtBrDecimal(-Infinity, 0, 2)).toBe(intl(0, 2).format(-Infinity));
  });
});

describe("São Paulo's clock without Intl (issue 33)", () => {
  const clock = (seconds: boolean) =>
    new Intl.DateTimeFormat('pt-BR', {
      timeZone: TIME_ZONE,
      hour: '2-digit',
      minute: '2-digit',
      ...(seconds ? { second: '2-digit' as const } : {}),
      hourCycle: 'h23',
    });
  const hm = clock(false);
  const hms = clock(true);
  const since = Date.UTC(2019, 1, 17, 2);

  it('writes every instant since the end of daylight saving time as Intl does, with and without seconds', () => {
    fc.assert(
      fc.property(fc.integer({ min: since, max: Date.UTC(2100, 0, 1) }), (ms) => {
        expect(saoPauloClock(ms)).toBe(hm.format(ms));
        expect(saoPauloClock(ms, true)).toBe(hms.format(ms));
      }),
      { numRuns: 10_000 },
    );
    for (const ms of [since, Date.UTC(2026, 1, 10, 3), Date.UTC(2026, 1, 10, 2, 59, 59, 999), Date.UTC(2030, 0, 1)]) {
      expect(saoPauloClock(ms, true)).toBe(hms.format(ms));
    }
    expect(saoPauloClock(Date.UTC(2026, 1, 10, 3))).toBe('00:00');
  });

  it('leaves to Intl an instant before it (daylight saving time) and what is not a finite instant', () => {
    expect(saoPauloClock(since - 1)).toBeUndefined();
    expect(saoPauloClock(Date.UTC(2019, 0, 10, 12))).toBeUndefined();
    expect(saoPauloClock(Number.NaN)).toBeUndefined();
    expect(saoPauloClock(Infinity)).toBeUndefined();
  });
});
