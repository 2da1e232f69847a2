import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, storeSession, TEST_USER } from '@/testing/render-app';

describe('dashboard', () => {
  it(
    'shows the user in the header and switches tabs without changing the path',
    { timeout: 30_000 },
    async () => {
      storeSession(TEST_USER);
      const app = renderApp('/dashboard');
      // The dashboard is lazy-loaded: give a loaded machine time to fetch the chunk.
      const header = await screen.findByRole('banner', {}, { timeout: 10_000 });
      expect(within(header).getByText(TEST_USER.name)).toBeDefined();
      expect(within(header).getByText(TEST_USER.email)).toBeDefined();

      const menu = screen.getByRole('navigation', { name: 'Menu do painel' });
      expect(
        within(menu)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Perfil', 'Bots', 'Exchanges', 'Histórico de Trades', 'Impostos', 'Assinatura', 'Oportunidades']);
      expect(await screen.findByRole('region', { name: 'Perfil' }, { timeout: 10_000 })).toBeDefined();

      fireEvent.click(within(menu).getByRole('button', { name: 'Histórico de Trades' }));
      expect(
        await screen.findByRole('region', { name: 'Histórico de Trades' }, { timeout: 10_000 }),
      ).toBeDefined();
      expect(
        within(menu).getByRole('button', { name: 'Histórico de Trades' }).getAttribute('aria-current'),
      ).toBe('page');
      expect(app.location()).toBe('/dashboard?tab=trades');
    },
  );

  it('opens the tab named in ?tab=', async () => {
    storeSession(TEST_USER);
    renderApp('/dashboard?tab=subscription');
    expect(await screen.findByRole('region', { name: 'Assinatura' })).toBeDefined();
  });

  it('Sair ends the session and goes to /login', async () => {
    storeSession(TEST_USER);
    const app = renderApp('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('gives /security the sidebar of SPEC §2, with Sair in it', async () => {
    storeSession(TEST_USER);
    const app = renderApp('/security');
    const menu = await screen.findByRole('navigation', { name: 'Menu' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Dashboard', '/dashboard'],
      ['Bots', '/bots'],
      ['Scanner', '/demo'],
      ['Segurança', '/security'],
    ]);
    fireEvent.click(within(menu).getByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(app.location()).toBe('/login'));
  });

  it('gives /payment the sidebar of SPEC §2', async () => {
    storeSession(TEST_USER);
    renderApp('/payment');
    const menu = await screen.findByRole('navigation', { name: 'Menu' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Dashboard', 'Bots', 'Segurança', 'Pagamento']);
  });
});
