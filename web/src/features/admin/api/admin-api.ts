import type {
  AdminAuditEntry,
  AdminCreateUserRequest,
  AdminFailedJob,
  AdminSystemOverview,
  AdminGrantPlanRequest,
  AdminOverview,
  AdminRevenueReport,
  AdminSecurityStats,
  AdminSettingsUpdate,
  AdminUserDetail,
  AdminUserSummary,
  Page,
  PlatformSettings,
  PublicPlatformSettings,
} from '@arbitra/contracts';
import { apiClient } from '@/lib/api-client';
import { downloadFromApi } from '@/lib/download';

export interface AdminUsersFilters {
  search?: string;
  role?: 'admin' | 'user';
  plan?: 'basic' | 'professional' | 'enterprise' | 'none';
  status?: 'trialing' | 'active' | 'past_due' | 'canceled';
  disabled?: 'true' | 'false';
  sort: 'createdAt' | 'name' | 'email' | 'lastLoginAt';
  dir: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export interface AdminAuditFilters {
  user?: string;
  action?: string;
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

type Message = { message: string };

/** The admin console's calls (/api/admin/*). */
export const adminApi = {
  overview: () => apiClient.get<AdminOverview>('/api/admin/overview'),
  users: (f: AdminUsersFilters) =>
    apiClient.get<Page<AdminUserSummary>>('/api/admin/users', { query: { ...f } }),
  user: (id: string) => apiClient.get<AdminUserDetail>(`/api/admin/users/${id}`),
  createUser: (body: AdminCreateUserRequest) =>
    apiClient.post<Message & { user: AdminUserSummary }>('/api/admin/users', body),
  updateUser: (id: string, body: { role?: 'admin' | 'user'; disabled?: boolean; reason: string }) =>
    apiClient.patch<Message & { user: AdminUserSummary }>(`/api/admin/users/${id}`, body),
  grant: (id: string, body: AdminGrantPlanRequest) =>
    apiClient.post<Message>(`/api/admin/users/${id}/grant`, body),
  resendInvite: (id: string, reason: string) =>
    apiClient.post<Message>(`/api/admin/users/${id}/invite`, { reason }),
  revokeSession: (id: string, sessionId: string, reason: string) =>
    apiClient.post<Message>(`/api/admin/users/${id}/sessions/${sessionId}/revoke`, { reason }),
  audit: (f: AdminAuditFilters) =>
    apiClient.get<Page<AdminAuditEntry>>('/api/admin/audit', { query: { ...f } }),
  auditForUser: (userId: string, page: number) =>
    apiClient.get<Page<AdminAuditEntry>>('/api/admin/audit', { query: { userId, page, pageSize: 10 } }),
  securityStats: (days: number) =>
    apiClient.get<AdminSecurityStats>('/api/admin/security/stats', { query: { days } }),
  revenue: (months: number) => apiClient.get<AdminRevenueReport>('/api/admin/revenue', { query: { months } }),
  exportRevenue: (months: number) =>
    downloadFromApi('/api/admin/revenue/export', { months }, 'receita.csv', 'Erro ao exportar a receita'),
  system: () => apiClient.get<AdminSystemOverview>('/api/admin/system'),
  /** The same with the platform's live points of the last 15 minutes (kept by the api, watched or not). */
  systemHistory: () => apiClient.get<AdminSystemOverview>('/api/admin/system?include=history'),
  failedJobs: () => apiClient.get<AdminFailedJob[]>('/api/admin/system/failed-jobs'),
  retryJob: (queue: string, id: string) =>
    apiClient.post<Message>(
      `/api/admin/system/queues/${encodeURIComponent(queue)}/jobs/${encodeURIComponent(id)}/retry`,
    ),
  removeJob: (queue: string, id: string) =>
    apiClient.post<Message>(
      `/api/admin/system/queues/${encodeURIComponent(queue)}/jobs/${encodeURIComponent(id)}/remove`,
    ),
  settings: () => apiClient.get<PlatformSettings>('/api/admin/settings'),
  saveSettings: (body: AdminSettingsUpdate) =>
    apiClient.put<Message & { settings: PlatformSettings }>('/api/admin/settings', body),
  publicSettings: () => apiClient.get<PublicPlatformSettings>('/api/settings/public', { auth: false }),
};
