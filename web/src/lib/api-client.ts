import { COMMON_MESSAGES } from '@arbitra/contracts';
import { ApiError } from './api-error';
import { getSessionStore } from './session/session-store';

export { ApiError, isApiError } from './api-error';

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Public endpoints (e.g. /api/exchanges/supported) are called without the token. */
  auth?: boolean;
}

export interface ApiClientConfig {
  baseUrl?: string;
  getToken: () => string | null;
  onUnauthorized: () => void;
  fetchFn?: typeof fetch;
}

function buildUrl(baseUrl: string, path: string, query?: Query): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return `${baseUrl}${path}${qs ? `?${qs}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function field(body: unknown, key: string): string | undefined {
  if (typeof body !== 'object' || body === null || !(key in body)) return undefined;
  const value = (body as Record<string, unknown>)[key];
  if (typeof value === 'string' && value) return value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.join(' ');
  return undefined;
}

function errorFrom(response: Response, body: unknown): ApiError {
  const message =
    field(body, 'message') ??
    field(body, 'error') ??
    (response.status >= 500 ? COMMON_MESSAGES.internal : COMMON_MESSAGES.invalidRequest);
  return new ApiError(message, response.status, field(body, 'code'), body);
}

export function createApiClient(config: ApiClientConfig) {
  const baseUrl = config.baseUrl ?? '';

  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    const token = options.auth === false ? null : config.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const hasBody = options.body !== undefined;
    if (hasBody) headers['Content-Type'] = 'application/json';

    const fetchFn = config.fetchFn ?? globalThis.fetch.bind(globalThis);
    let response: Response;
    try {
      response = await fetchFn(buildUrl(baseUrl, path, options.query), {
        method,
        headers,
        body: hasBody ? JSON.stringify(options.body) : undefined,
        signal: options.signal,
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new ApiError(COMMON_MESSAGES.connectionError, 0);
    }

    const body = await readBody(response);
    if (response.ok) return body as T;
    if (response.status === 401 && token) config.onUnauthorized();
    throw errorFrom(response, body);
  }

  return {
    request,
    get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
    post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('POST', path, { ...options, body }),
    put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('PUT', path, { ...options, body }),
    patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('PATCH', path, { ...options, body }),
    delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The application's client: sends the session's token and ends the session on a 401. */
export const apiClient: ApiClient = createApiClient({
  getToken: () => getSessionStore().getToken(),
  onUnauthorized: () => getSessionStore().signOut(),
});
