/** An error answered by the API (or a failed connection, status 0), carrying the pt-BR message to show. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly body?: unknown,
  ) {
    super(message);
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

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
