import type {
  LoginResponse,
  LoginSuccessResponse,
  MessageResponse,
  ProfileResponse,
  RegisterResponse,
} from '@arbitra/contracts';
import { apiClient } from '@/lib/api-client';

/** The public calls of the sign-in, sign-up and password pages (docs/api/accounts.md). */
export const authApi = {
  login: (body: { email: string; password: string; remember?: boolean }) =>
    apiClient.post<LoginResponse>('/api/auth/login', body, { auth: false }),

  loginTwoFactor: (body: { challengeToken: string; code: string }) =>
    apiClient.post<LoginSuccessResponse>('/api/auth/login/2fa', body, { auth: false }),

  /** SPEC §7: the confirmation is not sent (and `terms` would be refused as an unknown field). */
  register: (body: { name: string; email: string; password: string; termsVersion: string }) =>
    apiClient.post<RegisterResponse>('/api/auth/register', body, { auth: false }),

  forgotPassword: (email: string) =>
    apiClient.post<MessageResponse>('/api/auth/forgot-password', { email }, { auth: false }),

  checkResetToken: (token: string, signal?: AbortSignal) =>
    apiClient.post<{ valid: boolean; message?: string }>(
      '/api/auth/reset-password/check',
      { token },
      { auth: false, signal },
    ),

  resetPassword: (body: { token: string; password: string; confirmPassword: string }) =>
    apiClient.post<MessageResponse>('/api/auth/reset-password', body, { auth: false }),

  /** The link mailed to a new address (public: it may be opened in a browser with no session). */
  confirmEmail: (token: string, signal?: AbortSignal) =>
    apiClient.post<MessageResponse>('/api/user/email/confirm', { token }, { auth: false, signal }),

  /** The signed-in user as the server has it now (to refresh the stored one after an email change). */
  me: () => apiClient.get<ProfileResponse>('/api/user/profile'),
};

export function isTwoFactorChallenge(
  response: LoginResponse,
): response is Extract<LoginResponse, { twoFactorRequired: true }> {
  return 'twoFactorRequired' in response && response.twoFactorRequired;
}
