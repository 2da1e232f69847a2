import type {
  ContactMessage,
  ContactMessagesPage,
  ContactRequest,
  MessageResponse,
  NewsletterStats,
} from '@arbitra/contracts';
import { apiClient } from '@/lib/api-client';

export const contactKeys = {
  admin: (page: number) => ['admin', 'messages', page] as const,
  newsletter: ['admin', 'newsletter'] as const,
};

export const contactApi = {
  send: (body: ContactRequest) =>
    apiClient.post<MessageResponse & { id: string }>('/api/contact', body, { auth: false }),
  list: (page: number, signal?: AbortSignal) =>
    apiClient.get<ContactMessagesPage>('/api/admin/messages', { query: { page, pageSize: 20 }, signal }),
  newsletter: (signal?: AbortSignal) => apiClient.get<NewsletterStats>('/api/admin/newsletter', { signal }),
  answer: (id: string, answer: string) =>
    apiClient.post<ContactMessage & MessageResponse>(`/api/admin/messages/${encodeURIComponent(id)}/answer`, {
      answer,
    }),
};
