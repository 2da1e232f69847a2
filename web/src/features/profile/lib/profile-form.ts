import {
  MESSAGES,
  updateProfileRequestSchema,
  validateRequest,
  type UpdateProfileRequest,
} from '@arbitra/contracts';

export interface ProfileValues {
  name: string;
  email: string;
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** What PUT /api/user/profile receives: the password fields only when they are used. */
export function profilePayload(values: ProfileValues): UpdateProfileRequest {
  const changingPassword = values.newPassword !== '' || values.confirmPassword !== '';
  return {
    name: values.name,
    email: values.email,
    ...(values.currentPassword ? { currentPassword: values.currentPassword } : {}),
    ...(changingPassword ? { newPassword: values.newPassword, confirmPassword: values.confirmPassword } : {}),
  };
}

function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * The ONE message to show before calling the server, with the server's own rules (SPEC §5): name and
 * email as in register, then — only when changing the password — 'Senha atual é obrigatória',
 * 'Nova senha deve ter pelo menos 8 caracteres', 'Confirmação de senha não confere'. A new email
 * needs the current password too.
 */
export function profileFormError(values: ProfileValues, savedEmail: string): string | null {
  const checked = validateRequest(updateProfileRequestSchema, profilePayload(values));
  if (!checked.success) return checked.message;
  if (!sameEmail(values.email, savedEmail) && !values.currentPassword) {
    return MESSAGES.profile.emailChangeNeedsPassword;
  }
  return null;
}
