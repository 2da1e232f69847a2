import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, storeSession, TEST_ADMIN, TEST_USER } from '@/testing/render-app';

afterEach(() => {
  vi.restoreAllMocks();
});

async function expectLocation(app: ReturnType<typeof renderApp>, path: string) {
  await waitFor(() => expect(app.location()).toBe(path));
}

describe('route guards', () => {
  it('sends a visitor at /dashboard to /login', async () => {
    const app = renderApp('/dashboard');
    await expectLocation(app, '/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Entrar' })).toBeDefined();
  });

  it('sends an admin at /dashboard and /bots to /admin', async () => {
    storeSession(TEST_ADMIN);
    const app = renderApp('/dashboard');
    await expectLocation(app, '/admin');
    app.unmount();
    await expectLocation(renderApp('/bots'), '/admin');
  });

  it('sends a signed-in user at /login or /register to /dashboard', async () => {
    storeSession(TEST_USER);
    const app = renderApp('/login');
    await expectLocation(app, '/dashboard');
    app.unmount();
    await expectLocation(renderApp('/register'), '/dashboard');
  });

  it('sends a signed-in admin at /login to /admin', async () => {
    storeSession(TEST_ADMIN);
    await expectLocation(renderApp('/login'), '/admin');
  });

  it('lets a visitor open /forgot-password and /reset-password but not /security, /payment or /admin', async () => {
    const forgot = renderApp('/forgot-password');
    expect(await screen.findByRole('heading', { level: 1, name: 'Recuperar senha' })).toBeDefined();
    forgot.unmount();
    for (const path of ['/security', '/payment', '/admin', '/admin/users']) {
      const app = renderApp(path);
      await expectLocation(app, '/login');
      app.unmount();
    }
  });

  it('lets any signed-in role open /security and /payment', async () => {
    storeSession(TEST_ADMIN);
    const app = renderApp('/security');
    expect(await screen.findByRole('heading', { level: 1, name: 'Segurança' })).toBeDefined();
    expect(app.location()).toBe('/security');
    app.unmount();
    storeSession(TEST_USER);
    const payment = renderApp('/payment');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagamento' })).toBeDefined();
    expect(payment.location()).toBe('/payment');
  });

  it('keeps a non-admin out of /admin (via /login, which sends them to /dashboard)', async () => {
    storeSession(TEST_USER);
    await expectLocation(renderApp('/admin/settings'), '/dashboard');
  });

  it('opens the admin sub-pages for an admin', async () => {
    storeSession(TEST_ADMIN);
    const app = renderApp('/admin/revenue');
    expect(await screen.findByRole('heading', { name: 'Receita' })).toBeDefined();
    expect(app.location()).toBe('/admin/revenue');
  });

  it('redirects an unknown path to /', async () => {
    const app = renderApp('/nao-existe/de-jeito-nenhum');
    await expectLocation(app, '/');
    expect(
      await screen.findByRole('heading', { level: 1, name: /Encontre diferenças de preço/ }),
    ).toBeDefined();
  });

  it('clears both keys and logs the error when the stored user does not parse', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    window.localStorage.setItem('token', 'token-de-teste');
    window.localStorage.setItem('user', '{isto não é json');
    const app = renderApp('/dashboard');
    await expectLocation(app, '/login');
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('sessão'), expect.any(SyntaxError));
  });

  it('sends the user to /login when the session ends while on a protected page', async () => {
    storeSession(TEST_USER);
    const app = renderApp('/bots');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bots' })).toBeDefined();
    act(() => app.sessionStore.signOut());
    await expectLocation(app, '/login');
  });
});

describe('placeholder pages', () => {
  it('/api is the page about the public API, linking to the reference at /docs', async () => {
    renderApp('/api');
    expect(await screen.findByRole('heading', { level: 1, name: 'API Arbitra' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Abrir a referência da API' }).getAttribute('href')).toBe(
      '/docs',
    );
  });

  it('/help is the help centre: tutorial, knowledge base, support and status', async () => {
    renderApp('/help');
    expect(await screen.findByRole('heading', { level: 1, name: 'Central de Ajuda' })).toBeDefined();
    for (const [name, href] of [
      [/Base de conhecimento/, '/knowledge-base'],
      [/Tutorial interativo/, '/tutorial'],
      [/Suporte/, '/support'],
      ['status da plataforma', '/status'],
    ] as const)
      expect(screen.getAllByRole('link', { name })[0]!.getAttribute('href')).toBe(href);
    expect(screen.queryByText(/em desenvolvimento/)).toBeNull();
  });

  it.each(['/webinars'])('%s says it is em desenvolvimento', async (path) => {
    const app = renderApp(path);
    expect(await screen.findByText(/em desenvolvimento/)).toBeDefined();
    expect(app.location()).toBe(path);
  });
});
