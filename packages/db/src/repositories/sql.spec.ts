import { describe, expect, it } from 'vitest';
import { camelColumns } from './sql.js';

describe('camelColumns', () => {
  it("names each snake_case column as its record's field and leaves one-word columns as they are", () => {
    expect(camelColumns('id, user_id, card_last4,\n  created_at')).toBe(
      'id, user_id AS "userId", card_last4 AS "cardLast4", created_at AS "createdAt"',
    );
  });

  it("takes a column of a table's alias", () => {
    expect(camelColumns('p.plan_id, u.name')).toBe('p.plan_id AS "planId", u.name');
  });

  it('keeps an expression with its own alias whole, commas inside its parentheses included', () => {
    expect(camelColumns(`plan_id, to_char(boleto_due_date, 'YYYY-MM-DD') AS "boletoDueDate", status`)).toBe(
      `plan_id AS "planId", to_char(boleto_due_date, 'YYYY-MM-DD') AS "boletoDueDate", status`,
    );
  });
});
