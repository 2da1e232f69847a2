import { z } from 'zod';
import type { SessionUser } from '../domain/user.js';
import { MESSAGES } from '../messages/index.js';
import { newPasswordField, otpCodeField } from './auth.js';
import { PASSWORD_MAX, emailField, nameField, queryInt } from './validation.js';

const optionalSecret = z.string().max(PASSWORD_MAX).nullish();

/**
 * PUT /api/user/profile. Name and email first (same rules as register), then, only when the new
 * password or its confirmation is filled, SPEC §5's profile rules in order: current password
 * required, new password at least 8, confirmation (when sent) must match. A current password
 * alone is allowed: changing the email needs it (checked by the server).
 */
export const updateProfileRequestSchema = z
  .strictObject({
    name: nameField(),
    email: emailField(),
    currentPassword: optionalSecret,
    newPassword: optionalSecret,
    confirmPassword: optionalSecret,
  })
  .superRefine((d, ctx) => {
    const changing = Boolean(d.newPassword || d.confirmPassword);
    if (!changing) return;
    if (!d.currentPassword) {
      ctx.addIssue({
        code: 'custom',
        message: MESSAGES.profile.currentPasswordRequired,
        path: ['currentPassword'],
      });
    } else if ((d.newPassword ?? '').length < 8) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.profile.newPasswordTooShort, path: ['newPassword'] });
    } else if (d.confirmPassword != null && d.confirmPassword !== d.newPassword) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.profile.confirmMismatch, path: ['confirmPassword'] });
    }
  });
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

/** POST /api/user/password (security page): all three required; 'As senhas não coincidem' on mismatch. */
export const changePasswordRequestSchema = z
  .strictObject({
    currentPassword: z
      .string({ error: MESSAGES.profile.currentPasswordRequired })
      .min(1, MESSAGES.profile.currentPasswordRequired)
      .max(PASSWORD_MAX, MESSAGES.profile.currentPasswordWrong),
    newPassword: newPasswordField(MESSAGES.profile.newPasswordTooShort, MESSAGES.profile.newPasswordTooLong),
    confirmPassword: z
      .string({ error: MESSAGES.profile.passwordsDontMatch })
      .max(PASSWORD_MAX, MESSAGES.profile.passwordsDontMatch),
  })
  .refine((d) => d.confirmPassword === d.newPassword, {
    message: MESSAGES.profile.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/** DELETE /api/user/account: the password, and a code when two-factor is on. */
export const deleteAccountRequestSchema = z.strictObject({
  password: z
    .string({ error: MESSAGES.profile.deletePasswordRequired })
    .min(1, MESSAGES.profile.deletePasswordRequired)
    .max(PASSWORD_MAX, MESSAGES.profile.deletePasswordWrong),
  code: otpCodeField().optional(),
});
export type DeleteAccountRequest = z.input<typeof deleteAccountRequestSchema>;

/** POST /api/user/2fa/enable, /disable, /backup-codes: one code (TOTP, or a backup code where accepted). */
export const twoFactorCodeRequestSchema = z.strictObject({ code: otpCodeField() });
export type TwoFactorCodeRequest = z.input<typeof twoFactorCodeRequestSchema>;

/** PUT /api/user/notifications: any subset of the four toggles. */
export const notificationSettingsRequestSchema = z.strictObject({
  email: z.boolean().optional(),
  sms: z.boolean().optional(),
  loginAlerts: z.boolean().optional(),
  tradingAlerts: z.boolean().optional(),
});
export type NotificationSettingsRequest = z.input<typeof notificationSettingsRequestSchema>;

/** ?page=1&pageSize=20 */
export const paginationQuerySchema = z.strictObject({
  page: queryInt().pipe(z.number().int().min(1).max(100_000)).default(1),
  pageSize: queryInt().pipe(z.number().int().min(1).max(100)).default(20),
});
export type PaginationQuery = z.output<typeof paginationQuerySchema>;

/** Answers. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface ProfileUser extends SessionUser {
  createdAt: string;
  lastLoginAt: string | null;
  passwordChangedAt: string;
  twoFactorEnabled: boolean;
  /** The Terms of Use / Privacy Policy version accepted at registration, and when (null: none recorded). */
  termsVersion: string | null;
  termsAcceptedAt: string | null;
}

export interface ProfileResponse {
  user: ProfileUser;
}

export interface UpdateProfileResponse {
  message: string;
  user: ProfileUser;
  /** The new address waiting for its confirmation link to be opened (the account keeps `user.email` until then). */
  pendingEmail?: string;
}

export interface NotificationSettings {
  email: boolean;
  sms: boolean;
  loginAlerts: boolean;
  tradingAlerts: boolean;
}

export interface SessionInfo {
  id: string;
  /** e.g. 'Chrome 120 no Windows 10' or 'Dispositivo desconhecido'. */
  device: string;
  browser: string | null;
  os: string | null;
  /** 'mobile', 'tablet', ... or null for desktops. */
  deviceType: string | null;
  ip: string | null;
  /** Known only for local addresses ('Rede local'); null otherwise. */
  location: string | null;
  createdAt: string;
  lastActive: string;
  expiresAt: string;
  current: boolean;
}

export type SecurityLevel = 'strong' | 'medium' | 'weak';

export interface SecurityOverview {
  twoFactorEnabled: boolean;
  backupCodesRemaining: number;
  passwordChangedAt: string;
  passwordAgeDays: number;
  /** 'Forte' (2FA on and password changed within 180 days), 'Média' (one of both), 'Fraca' (neither). */
  securityStatus: string;
  securityLevel: SecurityLevel;
  recommendations: string[];
  lastLoginAt: string | null;
  lastLoginIp: string | null;
  lastLoginDevice: string | null;
  activeSessions: number;
}

export interface AuditEntry {
  id: string;
  action: string;
  /** pt-BR label, e.g. 'Login realizado'. */
  label: string;
  ip: string | null;
  device: string | null;
  metadata: Record<string, unknown>;
  createdAt: string;
}

export interface AdminAuditEntry extends AuditEntry {
  user: { id: string; name: string; email: string } | null;
  /** The admin who acted, when not the user. */
  actor: { id: string; name: string; email: string } | null;
}

/** GET /api/user/2fa. */
export interface TwoFactorStatusResponse {
  enabled: boolean;
  enabledAt: string | null;
  backupCodesRemaining: number;
}

export interface TwoFactorSetupResponse {
  otpauthUrl: string;
  /** data:image/png;base64,... */
  qrCodeDataUrl: string;
  /** Base32, for typing into the app by hand. */
  secret: string;
}

export interface TwoFactorBackupCodesResponse {
  message: string;
  backupCodes: string[];
}

/** POST /api/user/email/confirm: the token of the link mailed to the new address. */
export const confirmEmailRequestSchema = z.strictObject({
  token: z
    .string({ error: MESSAGES.profile.emailChangeLinkInvalid })
    .min(1, MESSAGES.profile.emailChangeLinkInvalid)
    .max(256, MESSAGES.profile.emailChangeLinkInvalid),
});
