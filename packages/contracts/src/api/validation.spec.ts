import { describe, expect, it } from 'vitest';
import { registerRequestSchema } from './auth.js';
import { tradesQuerySchema } from './trades.js';
import { adminUsersQuerySchema } from './admin.js';
import { validateRequest } from './validation.js';

/** Issue 13, finding 6: what the probe found in the validation messages. */
describe('request validation against hostile input', () => {
  const register = (body: Record<string, unknown>) =>
    validateRequest(registerRequestSchema, {
      name: 'Ana',
      email: 'ana@exemplo.com.br',
      password: 'senha-segura-1',
      ...body,
    });

  it('refuses bidirectional overrides and zero-width characters in names', () => {
    for (const name of ['Ana\u202Egnp.exe', 'Ana\u2066x', 'A\u200Bna', 'A\uFEFFna'])
      expect(register({ name }).success, JSON.stringify(name)).toBe(false);
    expect(register({ name: 'José da Conceição' }).success).toBe(true);
  });

  it('accepts only visible names: no Cf, Zl, Zp, Hangul fillers or more than 2 combining marks in a row (issue 25)', () => {
    const invisible = [
      '\u3164', // HANGUL FILLER alone: a blank-looking name (accepted before)
      'Ana\u3164',
      '\u115F\u1160',
      'A\uFFA0na',
      'A\u180Ena', // MONGOLIAN VOWEL SEPARATOR
      'Ana\u2028Souza', // LINE SEPARATOR (Zl)
      'Ana\u2029Souza', // PARAGRAPH SEPARATOR (Zp)
      'Ana\u{E0041}\u{E0042}', // tag characters (Cf)
      'Ana\u00AD', // SOFT HYPHEN (Cf)
      'Ana\u034F', // COMBINING GRAPHEME JOINER is a mark, but alone in a run of 1: see below
      'Za\u0301\u0302\u0303lgo', // 3 combining marks in a row
      '...',
    ];
    const results = invisible.map((name) => [name, register({ name })] as const);
    for (const [name, r] of results.filter(([n]) => n !== 'Ana\u034F')) {
      expect(r.success, JSON.stringify(name)).toBe(false);
      if (!r.success) expect(r.message).toBe('Nome contém caracteres inválidos');
    }
    for (const name of [
      'Ana\u034F',
      'Nguyễn Thị Minh',
      'Ana Lúcia',
      'José',
      'e\u0301\u0302',
      '李小龍',
      "D'Ávila-Souza",
    ])
      expect(register({ name }).success, JSON.stringify(name)).toBe(true);
  });

  it('does not echo a long unknown key back', () => {
    const key = 'k'.repeat(5_000);
    const r = register({ [key]: 1 });
    expect(r.success).toBe(false);
    if (!r.success) expect(r.message.length).toBeLessThan(120);
  });

  it('answers a wrong type with a type message, and a missing field with "obrigatório"', () => {
    const wrong = register({ name: 42 });
    expect(wrong).toMatchObject({ success: false, message: 'O campo name deve ser um texto' });
    const missing = validateRequest(registerRequestSchema, { email: 'ana@exemplo.com.br', password: 'x' });
    expect(missing).toMatchObject({ success: false, message: 'Nome é obrigatório' });
  });

  it("reads query numbers as decimal digits only ('0x10', '1e3', '1.5', ' 2' are refused)", () => {
    for (const page of ['0x10', '1e3', '1.5', ' 2', '+1', 'Infinity', 'NaN', '-1'])
      expect(validateRequest(tradesQuerySchema, { page }).success, page).toBe(false);
    expect(validateRequest(tradesQuerySchema, { page: '3' })).toMatchObject({
      success: true,
      data: { page: 3 },
    });
    expect(validateRequest(adminUsersQuerySchema, { pageSize: '1e1' }).success).toBe(false);
  });
});
