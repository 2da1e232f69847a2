import { z } from 'zod';
import type { SessionUser } from '../domain/user.js';
import { LEGAL_VERSION } from '../domain/legal.js';
import { MESSAGES } from '../messages/index.js';
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  emailField,
  nameField,
  validateRequest,
  type ValidationResult,
} from './validation.js';

/** A new password (register, reset): at least 8 characters (SPEC §9), at most 128. */
export function newPasswordField(
  tooShort: string = MESSAGES.auth.passwordTooShort,
  tooLong: string = MESSAGES.auth.passwordTooLong,
) {
  return z.string({ error: tooShort }).min(PASSWORD_MIN, tooShort).max(PASSWORD_MAX, tooLong);
}

/** A one-time code: a 6-digit TOTP or a backup code (XXXXX-XXXXX). */
export function otpCodeField() {
  return z
    .string({ error: MESSAGES.twoFactor.codeRequired })
    .trim()
    .min(1, MESSAGES.twoFactor.codeRequired)
    .max(32, MESSAGES.twoFactor.invalidCode);
}

/** The confirmation of a new password (register, reset): optional, SPEC's forms do not send it. */
function confirmPasswordField() {
  return z
    .string({ error: MESSAGES.auth.passwordsDontMatch })
    .max(PASSWORD_MAX, MESSAGES.auth.passwordsDontMatch)
    .optional();
}

/** When sent, the confirmation must equal the password. */
function confirmationMatches(d: { password: string; confirmPassword?: string | undefined }): boolean {
  return d.confirmPassword === undefined || d.confirmPassword === d.password;
}

/** Where and how a mismatch is reported (a new object each time: zod rewrites the params it is given). */
function confirmationMismatch() {
  return { message: MESSAGES.auth.passwordsDontMatch, path: ['confirmPassword'] };
}

/**
 * POST /api/auth/register. Fields in SPEC §5's order so the first message is SPEC's:
 * name, email (empty, then malformed), password (under 8), confirmation (differs).
 * `confirmPassword` is optional: SPEC's form does not send it; when sent it must match.
 */
export const registerRequestSchema = z
  .strictObject({
    name: nameField(),
    email: emailField(),
    password: newPasswordField(),
    confirmPassword: confirmPasswordField(),
    /** The version of the Terms of Use and Privacy Policy the user accepted (LEGAL_VERSION); stored with the date. */
    termsVersion: z
      .string({ error: MESSAGES.legal.termsOutdated })
      .max(20, MESSAGES.legal.termsOutdated)
      .refine((v) => v === LEGAL_VERSION, MESSAGES.legal.termsOutdated)
      .optional(),
  })
  .refine(confirmationMatches, confirmationMismatch());
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/** The register form's and the API's one rule set: null when valid, else the ONE message to show. */
export function validateRegister(input: unknown): string | null {
  const result = validateRequest(registerRequestSchema, input);
  return result.success ? null : result.message;
}

/** Same as validateRegister, with the normalised data (trimmed name, lower-cased email). */
export function parseRegister(input: unknown): ValidationResult<z.output<typeof registerRequestSchema>> {
  return validateRequest(registerRequestSchema, input);
}

/** POST /api/auth/login. */
export const loginRequestSchema = z.strictObject({
  email: emailField(),
  password: z
    .string({ error: MESSAGES.auth.passwordRequired })
    .min(1, MESSAGES.auth.passwordRequired)
    .max(PASSWORD_MAX, MESSAGES.auth.passwordTooLong),
  remember: z.boolean({ error: MESSAGES.validation.invalidField('remember') }).optional(),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** POST /api/auth/login/2fa: the second step when two-factor is on. */
export const loginTwoFactorRequestSchema = z.strictObject({
  challengeToken: z
    .string({ error: MESSAGES.auth.twoFactorChallengeExpired })
    .min(1, MESSAGES.auth.twoFactorChallengeExpired)
    .max(2048, MESSAGES.auth.twoFactorChallengeExpired),
  code: otpCodeField(),
});
export type LoginTwoFactorRequest = z.input<typeof loginTwoFactorRequestSchema>;

/** POST /api/auth/forgot-password. */
export const forgotPasswordRequestSchema = z.strictObject({ email: emailField() });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

const resetToken = z
  .string({ error: MESSAGES.auth.resetLinkInvalid })
  .min(1, MESSAGES.auth.resetLinkInvalid)
  .max(256, MESSAGES.auth.resetLinkInvalid);

/** POST /api/auth/reset-password. */
export const resetPasswordRequestSchema = z
  .strictObject({
    token: resetToken,
    password: newPasswordField(),
    confirmPassword: confirmPasswordField(),
  })
  .refine(confirmationMatches, confirmationMismatch());
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

/** POST /api/auth/reset-password/check {token} */
export const resetTokenRequestSchema = z.strictObject({ token: resetToken });

/** Answers. */
export interface RegisterResponse {
  user: SessionUser;
  token: string;
}

export interface LoginSuccessResponse {
  access_token: string;
  user: SessionUser;
}

export interface LoginTwoFactorChallenge {
  twoFactorRequired: true;
  challengeToken: string;
  /** Seconds the challenge stays valid. */
  expiresIn: number;
  message: string;
}

export type LoginResponse = LoginSuccessResponse | LoginTwoFactorChallenge;

export interface MeResponse {
  user: SessionUser;
}

export interface MessageResponse {
  message: string;
}

/** Every error answer of the API. `error` repeats `message` on the login routes (SPEC §7 reads `error`). */
export interface ApiErrorResponse {
  message: string;
  code: string;
  error?: string;
  details?: Record<string, unknown>;
  correlationId?: string;
}
