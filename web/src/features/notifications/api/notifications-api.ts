import type {
  MessageResponse,
  NotificationListResponse,
  NotificationPreferences,
  NotificationPreferencesRequest,
  TelegramLinkCode,
  TelegramLinkStatus,
} from '@arbitra/contracts';
import { dashboardTabPath } from '@/config/routes';
import { apiClient } from '@/lib/api-client';

export const notificationKeys = {
  list: ['notifications', 'list'] as const,
  preferences: ['notifications', 'preferences'] as const,
};

export interface PreferencesResponse {
  preferences: NotificationPreferences;
  telegram: TelegramLinkStatus;
}

/** The notification centre, the per-event preferences and the Telegram link (docs/api/notifications.md). */
export const notificationsApi = {
  list: (signal?: AbortSignal) => apiClient.get<NotificationListResponse>('/api/notifications', { signal }),
  readAll: () => apiClient.post<MessageResponse & { unread: number }>('/api/notifications/read'),
  readOne: (id: string) =>
    apiClient.post<MessageResponse & { unread: number }>(`/api/notifications/${encodeURIComponent(id)}/read`),
  preferences: (signal?: AbortSignal) =>
    apiClient.get<PreferencesResponse>('/api/notifications/preferences', { signal }),
  setPreferences: (body: NotificationPreferencesRequest) =>
    apiClient.put<MessageResponse & { preferences: NotificationPreferences }>(
      '/api/notifications/preferences',
      body,
    ),
  telegramLink: () => apiClient.post<TelegramLinkCode>('/api/notifications/telegram/link'),
  telegramUnlink: () => apiClient.delete<MessageResponse>('/api/notifications/telegram'),
};

/** Where the notification settings are: the card on /security (the bell links to it). */
export const NOTIFICATION_SETTINGS_ANCHOR = 'notificacoes';
/** The bell's way to the settings: the Notificações tab of the one navigation, scrolled to the card. */
export const NOTIFICATION_SETTINGS_PATH = `${dashboardTabPath('notifications')}#${NOTIFICATION_SETTINGS_ANCHOR}`;
