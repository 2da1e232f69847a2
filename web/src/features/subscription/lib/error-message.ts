import { isApiError } from '@/lib/api-client';

function hasServerText(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const { message, error } = body as { message?: unknown; error?: unknown };
  return (typeof message === 'string' && message !== '') || (typeof error === 'string' && error !== '');
}

/**
 * What a form shows for a failed call (SPEC §8): the server's text when it sent one, the connection
 * message when the server could not be reached, else the screen's own fallback.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  if (error.isNetworkError) return error.message;
  return hasServerText(error.body) ? error.message : fallback;
}

export function isNetworkError(error: unknown): boolean {
  return isApiError(error) && error.isNetworkError;
}

export function errorCode(error: unknown): string | undefined {
  return isApiError(error) ? error.code : undefined;
}
