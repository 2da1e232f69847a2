import type {
  ExchangeSaveResponse,
  MessageResponse,
  PlanExchangeInfo,
  SupportedExchange,
  UserExchange,
} from '@arbitra/contracts';
import { apiClient } from '@/lib/api-client';

/** The body the form sends (SPEC §7): the full body on create/edit. */
export interface ExchangeRequestBody {
  exchange_name: string;
  api_key: string;
  api_secret?: string;
  passphrase?: string;
  is_active: boolean;
}

export const exchangeKeys = {
  all: ['exchanges'] as const,
  supported: ['exchanges', 'supported'] as const,
  planInfo: ['exchanges', 'plan-info'] as const,
  list: ['exchanges', 'list'] as const,
};

/** SPEC §7 calls; only /api/exchanges/supported goes without the token. */
export const exchangesApi = {
  supported: (signal?: AbortSignal) =>
    apiClient.get<SupportedExchange[]>('/api/exchanges/supported', { auth: false, signal }),
  planInfo: (signal?: AbortSignal) =>
    apiClient.get<PlanExchangeInfo>('/api/user/plan-exchange-info', { signal }),
  list: (signal?: AbortSignal) => apiClient.get<UserExchange[]>('/api/user/exchanges', { signal }),
  create: (body: ExchangeRequestBody) => apiClient.post<ExchangeSaveResponse>('/api/user/exchanges', body),
  update: (id: string, body: ExchangeRequestBody) =>
    apiClient.put<ExchangeSaveResponse>(`/api/user/exchanges/${encodeURIComponent(id)}`, body),
  toggle: (id: string, isActive: boolean) =>
    apiClient.put<ExchangeSaveResponse>(`/api/user/exchanges/${encodeURIComponent(id)}`, {
      is_active: isActive,
    }),
  remove: (id: string) => apiClient.delete<MessageResponse>(`/api/user/exchanges/${encodeURIComponent(id)}`),
  revalidate: (id: string) =>
    apiClient.post<ExchangeSaveResponse>(`/api/user/exchanges/${encodeURIComponent(id)}/validate`),
};
