import { MESSAGES } from '@arbitra/contracts';
import { describe, expect, it } from 'vitest';
import { profileFormError, profilePayload, type ProfileValues } from './profile-form';

const saved = 'maria@exemplo.com.br';
const base: ProfileValues = {
  name: 'Maria Souza',
  email: saved,
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

describe('profile form (SPEC §5)', () => {
  it('needs nothing more to change the name only', () => {
    expect(profileFormError(base, saved)).toBeNull();
    expect(profilePayload(base)).toEqual({ name: 'Maria Souza', email: saved });
  });

  it('uses the register rules for name and email', () => {
    expect(profileFormError({ ...base, name: ' ' }, saved)).toBe(MESSAGES.auth.nameRequired);
    expect(profileFormError({ ...base, email: '' }, saved)).toBe(MESSAGES.auth.emailRequired);
    expect(profileFormError({ ...base, email: 'maria@' }, saved)).toBe(MESSAGES.auth.emailInvalid);
  });

  it('checks a password change in SPEC order', () => {
    const change = { ...base, newPassword: 'curta', confirmPassword: 'outra' };
    expect(profileFormError(change, saved)).toBe('Senha atual é obrigatória');
    expect(profileFormError({ ...change, currentPassword: 'atual-123' }, saved)).toBe(
      'Nova senha deve ter pelo menos 8 caracteres',
    );
    expect(
      profileFormError({ ...change, currentPassword: 'atual-123', newPassword: 'nova-senha-1' }, saved),
    ).toBe('Confirmação de senha não confere');
    // An empty confirmation is a mismatch too.
    expect(
      profileFormError(
        { ...base, currentPassword: 'atual-123', newPassword: 'nova-senha-1', confirmPassword: '' },
        saved,
      ),
    ).toBe(MESSAGES.profile.confirmMismatch);
    const ok = {
      ...base,
      currentPassword: 'atual-123',
      newPassword: 'nova-senha-1',
      confirmPassword: 'nova-senha-1',
    };
    expect(profileFormError(ok, saved)).toBeNull();
    expect(profilePayload(ok)).toEqual({
      name: 'Maria Souza',
      email: saved,
      currentPassword: 'atual-123',
      newPassword: 'nova-senha-1',
      confirmPassword: 'nova-senha-1',
    });
  });

  it('asks the current password to change the email', () => {
    expect(profileFormError({ ...base, email: 'nova@exemplo.com.br' }, saved)).toBe(
      MESSAGES.profile.emailChangeNeedsPassword,
    );
    expect(profileFormError({ ...base, email: ' Maria@Exemplo.com.br ' }, saved)).toBeNull();
    expect(
      profileFormError({ ...base, email: 'nova@exemplo.com.br', currentPassword: 'atual-123' }, saved),
    ).toBeNull();
  });
});
