import { MESSAGES } from '@arbitra/contracts';
import { describe, expect, it } from 'vitest';
import { registerFormError, type RegisterValues } from './register-form';

const valid: RegisterValues = {
  name: 'Maria da Silva',
  email: 'maria@exemplo.com.br',
  password: 'senha-segura',
  confirmPassword: 'senha-segura',
  terms: true,
};

describe('registerFormError (SPEC §5, in order, one message)', () => {
  it.each<[string, Partial<RegisterValues>, string]>([
    [
      'name empty (trimmed)',
      { name: '   ', email: '', password: '1', confirmPassword: '2' },
      MESSAGES.auth.nameRequired,
    ],
    [
      'email empty (trimmed)',
      { email: '  ', password: '1', confirmPassword: '2' },
      MESSAGES.auth.emailRequired,
    ],
    [
      'email not simple {email}',
      { email: 'maria@exemplo', password: '1', confirmPassword: '2' },
      MESSAGES.auth.emailInvalid,
    ],
    ['password under 8', { password: '1234567', confirmPassword: '2' }, MESSAGES.auth.passwordTooShort],
    ['confirmation differs', { confirmPassword: 'senha-segurx' }, MESSAGES.auth.passwordsDontMatch],
    ['terms not accepted', { terms: false }, MESSAGES.auth.termsRequired],
  ])('%s', (_case, patch, message) => {
    expect(registerFormError({ ...valid, ...patch })).toBe(message);
  });

  it('SPEC strings are the ones quoted', () => {
    expect([
      MESSAGES.auth.nameRequired,
      MESSAGES.auth.emailRequired,
      MESSAGES.auth.emailInvalid,
      MESSAGES.auth.passwordTooShort,
      MESSAGES.auth.passwordsDontMatch,
    ]).toEqual([
      'Nome é obrigatório',
      'Email é obrigatório',
      'Email inválido',
      'Senha deve ter pelo menos 8 caracteres',
      'Senhas não coincidem',
    ]);
  });

  it('accepts a complete form', () => {
    expect(registerFormError(valid)).toBeNull();
  });
});
