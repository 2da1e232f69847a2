import type { MessageResponse, NewsletterSubscribeRequest } from '@arbitra/contracts';
import { apiClient } from '@/lib/api-client';

export const newsletterApi = {
  subscribe: (body: NewsletterSubscribeRequest) =>
    apiClient.post<MessageResponse>('/api/newsletter', body, { auth: false }),
  confirm: (token: string) =>
    apiClient.post<MessageResponse>('/api/newsletter/confirm', { token }, { auth: false }),
};
