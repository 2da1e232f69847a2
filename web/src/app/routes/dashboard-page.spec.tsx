import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, storeSession, TEST_USER } from '@/testing/render-app';

describe('dashboard', () => {
  it('shows the user in the header and switches tabs without changing the path', async () => {
    storeSession(TEST_USER);
    const app = renderApp('/dashboard');
    const header = await screen.findByRole('banner');
    expect(within(header).getByText(TEST_USER.name)).toBeDefined();
    expect(within(header).getByText(TEST_USER.email)).toBeDefined();

    const menu = screen.getByRole('navigation', { name: 'Menu do painel' });
    expect(
      within(menu)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Perfil', 'Bots', 'Exchanges', 'Histórico de Trades', 'Assinatura', 'Oportunidades']);
    expect(screen.getByRole('region', { name: 'Perfil' })).toBeDefined();

    fireEvent.click(within(menu).getByRole('button', { name: 'Histórico de Trades' }));
    expect(screen.getByRole('region', { name: 'Histórico de Trades' })).toBeDefined();
    expect(
      within(menu).getByRole('button', { name: 'Histórico de Trades' }).getAttribute('aria-current'),
    ).toBe('page');
    expect(app.location()).toBe('/dashboard?tab=trades');
    expect(screen.getAllByText('Em breve').length).toBeGreaterThan(0);
  });

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
