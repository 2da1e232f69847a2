import { describe, expect, it } from 'vitest';
import { changePasswordRequestSchema, updateProfileRequestSchema } from './account.js';
import { loginRequestSchema, parseRegister, validateRegister } from './auth.js';
import { validateRequest } from './validation.js';

const valid = {
  name: 'Ana Souza',
  email: 'ana@exemplo.com.br',
  password: 'senha-segura',
  confirmPassword: 'senha-segura',
};

describe('validateRegister (SPEC §5, one message, in order)', () => {
  it.each([
    [{}, 'Nome é obrigatório'],
    [{ ...valid, name: '   ' }, 'Nome é obrigatório'],
    [{ ...valid, name: ' ', email: '', password: '' }, 'Nome é obrigatório'],
    [{ ...valid, email: '  ' }, 'Email é obrigatório'],
    [{ ...valid, email: '', password: '1' }, 'Email é obrigatório'],
    [{ ...valid, email: 'ana.exemplo.com' }, 'Email inválido'],
    [{ ...valid, email: 'ana@exemplo' }, 'Email inválido'],
    [{ ...valid, email: 'ana @exemplo.com' }, 'Email inválido'],
    [{ ...valid, password: '1234567', confirmPassword: 'x' }, 'Senha deve ter pelo menos 8 caracteres'],
    [{ ...valid, confirmPassword: 'outra-senha' }, 'Senhas não coincidem'],
    [{ ...valid, name: 'A'.repeat(121) }, 'Nome deve ter no máximo 120 caracteres'],
    [
      { ...valid, password: 'x'.repeat(129), confirmPassword: undefined },
      'Senha deve ter no máximo 128 caracteres',
    ],
    [{ ...valid, terms: true }, 'Campo não permitido: terms'],
    [null, 'Requisição inválida'],
  ])('%j → %s', (input, message) => {
    expect(validateRegister(input)).toBe(message);
  });

  it('accepts a valid form, with or without the confirmation, and normalises it', () => {
    expect(validateRegister(valid)).toBeNull();
    const { confirmPassword: _c, ...api } = valid;
    expect(validateRegister(api)).toBeNull();
    const parsed = parseRegister({ ...api, name: '  Ana  ', email: ' ANA@Exemplo.com ' });
    expect(parsed).toEqual({
      success: true,
      data: { name: 'Ana', email: 'ana@exemplo.com', password: 'senha-segura' },
    });
  });
});

describe('other request schemas', () => {
  it('login needs email and password', () => {
    expect(validateRequest(loginRequestSchema, { password: 'x' })).toMatchObject({
      success: false,
      message: 'Email é obrigatório',
    });
    expect(validateRequest(loginRequestSchema, { email: 'a@b.co' })).toMatchObject({
      success: false,
      message: 'Senha é obrigatória',
    });
    expect(
      validateRequest(loginRequestSchema, { email: 'a@b.co', password: 'x', remember: true }),
    ).toMatchObject({ success: true });
  });

  it("profile: SPEC's password rules only when a new password is being set", () => {
    const base = { name: 'Ana', email: 'ana@exemplo.com' };
    expect(validateRequest(updateProfileRequestSchema, base).success).toBe(true);
    expect(validateRequest(updateProfileRequestSchema, { ...base, currentPassword: 'x' }).success).toBe(true);
    expect(validateRequest(updateProfileRequestSchema, { ...base, newPassword: 'nova-senha' })).toMatchObject(
      { message: 'Senha atual é obrigatória' },
    );
    expect(
      validateRequest(updateProfileRequestSchema, { ...base, currentPassword: 'x', newPassword: 'curta' }),
    ).toMatchObject({ message: 'Nova senha deve ter pelo menos 8 caracteres' });
    expect(
      validateRequest(updateProfileRequestSchema, {
        ...base,
        currentPassword: 'x',
        newPassword: 'nova-senha',
        confirmPassword: 'nova-senhb',
      }),
    ).toMatchObject({
      message: 'Confirmação de senha não confere',
    });
    expect(
      validateRequest(updateProfileRequestSchema, { ...base, currentPassword: null, newPassword: null })
        .success,
    ).toBe(true);
  });

  it("security page's change-password form", () => {
    expect(
      validateRequest(changePasswordRequestSchema, {
        currentPassword: 'x',
        newPassword: 'nova-senha',
        confirmPassword: 'nova-senhb',
      }),
    ).toMatchObject({ message: 'As senhas não coincidem' });
  });
});
