import type {
  AuditEntry,
  ChangePasswordRequest,
  MessageResponse,
  NotificationSettings,
  NotificationSettingsRequest,
  Page,
  SecurityOverview,
  SessionInfo,
  TwoFactorBackupCodesResponse,
  TwoFactorSetupResponse,
  TwoFactorStatusResponse,
} from '@arbitra/contracts';
import { apiClient } from '@/lib/api-client';

export const AUDIT_PAGE_SIZE = 10;

/** Every query of the page lives under ['user'], so one invalidation refreshes what an action changed. */
export const securityKeys = {
  all: ['user'] as const,
  overview: ['user', 'security'] as const,
  twoFactor: ['user', '2fa'] as const,
  notifications: ['user', 'notifications'] as const,
  sessions: ['user', 'sessions'] as const,
  audit: (page: number) => ['user', 'audit', page] as const,
};

/** The /security page's calls (docs/api/accounts.md). */
export const securityApi = {
  overview: (signal?: AbortSignal) => apiClient.get<SecurityOverview>('/api/user/security', { signal }),

  changePassword: (body: ChangePasswordRequest) =>
    apiClient.post<MessageResponse>('/api/user/password', body),

  twoFactorStatus: (signal?: AbortSignal) => apiClient.get<TwoFactorStatusResponse>('/api/user/2fa', { signal }),
  twoFactorSetup: () => apiClient.post<TwoFactorSetupResponse>('/api/user/2fa/setup'),
  twoFactorEnable: (code: string) =>
    apiClient.post<TwoFactorBackupCodesResponse>('/api/user/2fa/enable', { code }),
  twoFactorDisable: (code: string) => apiClient.post<MessageResponse>('/api/user/2fa/disable', { code }),
  regenerateBackupCodes: (code: string) =>
    apiClient.post<TwoFactorBackupCodesResponse>('/api/user/2fa/backup-codes', { code }),

  notifications: (signal?: AbortSignal) =>
    apiClient.get<NotificationSettings>('/api/user/notifications', { signal }),
  updateNotifications: (body: NotificationSettingsRequest) =>
    apiClient.put<NotificationSettings & MessageResponse>('/api/user/notifications', body),

  sessions: (signal?: AbortSignal) => apiClient.get<SessionInfo[]>('/api/user/sessions', { signal }),
  endSession: (id: string) =>
    apiClient.delete<MessageResponse & { current: boolean }>(`/api/user/sessions/${encodeURIComponent(id)}`),
  endOtherSessions: () => apiClient.delete<MessageResponse & { ended: number }>('/api/user/sessions'),

  audit: (page: number, signal?: AbortSignal) =>
    apiClient.get<Page<AuditEntry>>('/api/user/audit', {
      query: { page, pageSize: AUDIT_PAGE_SIZE },
      signal,
    }),
};
