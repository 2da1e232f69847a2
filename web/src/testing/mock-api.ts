import { vi } from 'vitest';

type Handler = (body: unknown, init: RequestInit) => Response | Promise<Response>;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Replaces fetch (the edge of the app) with routes 'METHOD /path' → handler. A call to a route not listed
 * fails like an unreachable server (TypeError), which the API client turns into 'Erro de conexão com o servidor'.
 */
export function mockApi(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    const handler = routes[key];
    if (!handler) throw new TypeError(`Failed to fetch (${key})`);
    return handler(typeof init.body === 'string' ? JSON.parse(init.body) : undefined, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    /** The JSON bodies sent to one route, in order. */
    bodies: (key: string) =>
      fetchMock.mock.calls
        .filter(
          ([input, init]) =>
            `${init?.method ?? 'GET'} ${new URL(input, 'http://localhost').pathname}` === key,
        )
        .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined)),
  };
}

/** A promise to resolve later, to look at a form while its call is in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
