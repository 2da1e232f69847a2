import { MESSAGES } from '@arbitra/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from './api-client';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function setup(response: Response | Error, token: string | null = 'tok') {
  const fetchFn = vi.fn<typeof fetch>(() =>
    response instanceof Error ? Promise.reject(response) : Promise.resolve(response),
  );
  const onUnauthorized = vi.fn();
  const client = createApiClient({ getToken: () => token, onUnauthorized, fetchFn });
  return { client, fetchFn, onUnauthorized };
}

function requestOf(fetchFn: ReturnType<typeof setup>['fetchFn']) {
  const [url, init] = fetchFn.mock.calls[0] ?? [];
  return { url, init, headers: (init?.headers ?? {}) as Record<string, string> };
}

describe('api client', () => {
  it('sends the bearer token and JSON, and returns the parsed body', async () => {
    const { client, fetchFn } = setup(jsonResponse(200, { ok: true }));
    await expect(client.post('/api/bots', { name: 'Bot 1' })).resolves.toEqual({ ok: true });
    const { url, init, headers } = requestOf(fetchFn);
    expect(url).toBe('/api/bots');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"name":"Bot 1"}');
    expect(headers.Authorization).toBe('Bearer tok');
    expect(headers['Content-Type']).toBe('application/json');
  });

  it('adds the query string and leaves out empty values', async () => {
    const { client, fetchFn } = setup(jsonResponse(200, []));
    await client.get('/api/trades', { query: { dateRange: 30, status: 'all', bot: undefined } });
    expect(requestOf(fetchFn).url).toBe('/api/trades?dateRange=30&status=all');
  });

  it('does not send the token to a public endpoint', async () => {
    const { client, fetchFn } = setup(jsonResponse(200, []));
    await client.get('/api/exchanges/supported', { auth: false });
    expect(requestOf(fetchFn).headers.Authorization).toBeUndefined();
  });

  it('throws an ApiError with the server message and status', async () => {
    const { client } = setup(
      jsonResponse(403, { message: 'Limite de bots do plano atingido', code: 'PLAN_LIMIT' }),
    );
    const error = await client.get('/api/bots').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'Limite de bots do plano atingido',
      status: 403,
      code: 'PLAN_LIMIT',
    });
  });

  it('falls back to the `error` field', async () => {
    const { client } = setup(jsonResponse(400, { error: 'Credenciais inválidas' }));
    await expect(client.post('/api/auth/login', {})).rejects.toMatchObject({
      message: 'Credenciais inválidas',
      status: 400,
    });
  });

  it('turns a network failure into the connection error message', async () => {
    const { client } = setup(new TypeError('Failed to fetch'));
    await expect(client.get('/api/bots')).rejects.toMatchObject({
      message: MESSAGES.common.connectionError,
      status: 0,
      isNetworkError: true,
    });
    expect(MESSAGES.common.connectionError).toBe('Erro de conexão com o servidor');
  });

  it('ends the session on a 401 to an authenticated call', async () => {
    const { client, onUnauthorized } = setup(jsonResponse(401, { message: MESSAGES.common.unauthorized }));
    await expect(client.get('/api/user/subscription')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('does not end anything on a 401 when no token was sent (e.g. a wrong password)', async () => {
    const { client, onUnauthorized } = setup(jsonResponse(401, { error: 'Email ou senha incorretos' }), null);
    await expect(client.post('/api/auth/login', {})).rejects.toMatchObject({
      message: 'Email ou senha incorretos',
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('returns undefined for an empty success body', async () => {
    const { client } = setup(new Response(null, { status: 204 }));
    await expect(client.delete('/api/bots/1')).resolves.toBeUndefined();
  });
});
