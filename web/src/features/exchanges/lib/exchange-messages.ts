import { MESSAGES } from '@arbitra/contracts';
import { isApiError } from '@/lib/api-client';

export type ExchangeAction = 'load' | 'save' | 'remove' | 'toggle';

const FALLBACK: Record<ExchangeAction, string> = {
  load: MESSAGES.exchanges.loadError,
  save: MESSAGES.exchanges.saveError,
  remove: MESSAGES.exchanges.removeError,
  toggle: MESSAGES.exchanges.toggleError,
};

const NETWORK: Record<ExchangeAction, string> = {
  load: MESSAGES.exchanges.loadNetworkError,
  save: MESSAGES.exchanges.saveNetworkError,
  remove: MESSAGES.exchanges.removeNetworkError,
  toggle: MESSAGES.exchanges.toggleNetworkError,
};

function serverMessage(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const message = (body as Record<string, unknown>).message;
  return typeof message === 'string' && message.trim() ? message : null;
}

/**
 * SPEC §8: the server's message when it sent one; otherwise 'Erro ao … exchange(s)';
 * a failed connection is 'Erro de rede ao … exchange(s)'.
 */
export function exchangeErrorMessage(error: unknown, action: ExchangeAction): string {
  if (isApiError(error)) {
    if (error.isNetworkError) return NETWORK[action];
    return serverMessage(error.body) ?? FALLBACK[action];
  }
  return FALLBACK[action];
}
