import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, storeSession, TEST_USER } from '@/testing/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** 'Sair' is in the header's user menu. */
async function clickSair() {
  const trigger = await screen.findByRole('button', { name: /^Menu da conta de / }, { timeout: 15_000 });
  fireEvent.pointerDown(trigger, { button: 0, pointerType: 'mouse' });
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Sair' }));
}

function stubFetch(answer: () => Promise<Response>) {
  const fetchMock = vi.fn((_input: string, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe("'Sair'", () => {
  it('ends the session on the server (POST /api/auth/logout with the token), then here, and goes to /login', async () => {
    const fetchMock = vi.fn(async (input: string, _init?: RequestInit) =>
      input === '/api/auth/logout'
        ? Response.json({ message: 'Sessão encerrada com sucesso' }, { status: 200 })
        : Promise.reject(new TypeError('Failed to fetch')),
    );
    vi.stubGlobal('fetch', fetchMock);
    storeSession(TEST_USER, 'tok-sair');
    const app = renderApp('/security');
    await clickSair();
    await waitFor(() => expect(app.location()).toBe('/login'));
    const logout = fetchMock.mock.calls.find(([url]) => url === '/api/auth/logout');
    expect(logout?.[1]?.method).toBe('POST');
    expect((logout?.[1]?.headers as Record<string, string>).Authorization).toBe('Bearer tok-sair');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('still signs out here when the server cannot be reached', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    storeSession(TEST_USER);
    const app = renderApp('/dashboard');
    await clickSair();
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(localStorage.getItem('user')).toBeNull();
  });
});
