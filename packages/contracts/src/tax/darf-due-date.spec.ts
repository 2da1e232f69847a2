import { describe, expect, it } from 'vitest';
import { darfDueDate } from './rules.js';

/**
 * Scenario: February 2024's DARF is due by the last business day of March 2024: 31/03 is a Sunday, 30/03 a
 * Saturday and 29/03 Good Friday (Easter 31/03/2024) → Thursday 28/03/2024.
 */
describe('the DARF due date skips weekends and national holidays', () => {
  it('moves back over Good Friday', () => {
    expect(darfDueDate('2024-02')).toBe('2024-03-28');
  });
});
