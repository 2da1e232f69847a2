import { describe, expect, it } from 'vitest';
import { darfDueDate } from './rules.js';

describe('the DARF due date skips weekends and national holidays', () => {
  /**
   * Scenario: February 2024's DARF is due by the last business day of March 2024: 31/03 is a Sunday, 30/03 a
   * Saturday and 29/03 Good Friday (Easter 31/03/2024) → Thursday 28/03/2024.
   */
  it('moves back over Good Friday', () => {
    expect(darfDueDate('2024-02')).toBe('2024-03-28');
  });

  /**
   * Scenario (rules.ts DARF_RULE, Resolução CMN nº 4.880/2020 and the Agenda Tributária of December): November's
   * DARF is due the business day BEFORE the year's last business day, which has no banking open to the public.
   *   2026: 31/12 is a Thursday (the last business day) → Wednesday 30/12/2026.
   *   2025: 31/12 a Wednesday → 30/12/2025.   2024: 31/12 a Tuesday → 30/12/2024.
   *   2023: 31/12 a Sunday, 30/12 a Saturday, 29/12 Friday the last business day → Thursday 28/12/2023.
   * (The last business day of the month, 31/12, would have been shown before issue 25.)
   */
  it('puts November’s DARF before the year’s last business day', () => {
    expect(darfDueDate('2026-11')).toBe('2026-12-30');
    expect(darfDueDate('2025-11')).toBe('2025-12-30');
    expect(darfDueDate('2024-11')).toBe('2024-12-30');
    expect(darfDueDate('2023-11')).toBe('2023-12-28');
  });

  it('keeps December’s DARF at the last business day of January', () => {
    // 31/01/2027 is a Sunday, 30/01 a Saturday → Friday 29/01/2027.
    expect(darfDueDate('2026-12')).toBe('2027-01-29');
  });
});
