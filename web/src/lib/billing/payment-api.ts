import type {
  BillingCycle,
  CheckoutQuote,
  CreatePaymentRequest,
  PaymentResponse,
  PaymentsConfig,
  PlanId,
  SandboxAction,
  StoredCardResponse,
  StoredCardSandboxRequest,
  UpgradeResponse,
} from '@arbitra/contracts';
import { apiClient } from '@/lib/api-client';
import { getSessionStore } from '@/lib/session';

export const paymentKeys = {
  history: ['payments'] as const,
  payment: (id: string) => ['payments', id] as const,
  quote: (planId: PlanId, billing: BillingCycle) =>
    ['user', 'subscription', 'quote', planId, billing] as const,
  config: ['payments', 'config'] as const,
  storedCard: ['user', 'payment-method'] as const,
};

/** The payment screens' calls (docs/api/payments.md). */
export const paymentApi = {
  quote: (planId: PlanId, billing: BillingCycle, signal?: AbortSignal) =>
    apiClient.get<CheckoutQuote>('/api/user/subscription/quote', { query: { planId, billing }, signal }),
  upgrade: (planId: PlanId, billing: BillingCycle) =>
    apiClient.post<UpgradeResponse>('/api/user/subscription/upgrade', { planId, billing }),
  cancel: () => apiClient.post<{ message: string }>('/api/user/subscription/cancel'),
  reactivate: () => apiClient.post<{ message: string }>('/api/user/subscription/reactivate'),
  create: (body: CreatePaymentRequest) => apiClient.post<PaymentResponse>('/api/payments', body),
  get: (id: string, signal?: AbortSignal) =>
    apiClient.get<PaymentResponse>(`/api/payments/${id}`, { signal }),
  history: (signal?: AbortSignal) => apiClient.get<PaymentResponse[]>('/api/payments', { signal }),
  config: (signal?: AbortSignal) => apiClient.get<PaymentsConfig>('/api/payments/config', { signal }),
  refund: (id: string) => apiClient.post<PaymentResponse>(`/api/payments/${id}/refund`),
  sandbox: (id: string, action: SandboxAction) =>
    apiClient.post<PaymentResponse>(`/api/payments/${id}/sandbox`, { action }),
  /** The card saved for off-session renewals (brand + last 4), or null. */
  storedCard: (signal?: AbortSignal) =>
    apiClient.get<StoredCardResponse>('/api/user/payment-method', { signal }),
  removeStoredCard: () => apiClient.delete<{ message: string }>('/api/user/payment-method'),
  storedCardSandbox: (action: StoredCardSandboxRequest['action']) =>
    apiClient.post<StoredCardResponse>('/api/user/payment-method/sandbox', { action }),
};

/** Opens the invoice (an authenticated HTML page) in a new tab, printable as PDF. */
export async function openInvoice(url: string): Promise<void> {
  const token = getSessionStore().getToken();
  const tab = window.open('', '_blank');
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const html = await res.text();
  const blobUrl = URL.createObjectURL(new Blob([html], { type: 'text/html' }));
  if (tab) tab.location.href = blobUrl;
  else window.location.href = blobUrl;
}
