import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, storeSession, TEST_USER } from '@/testing/render-app';

/** Every destination of a user's signed-in pages, in order (DECISIONS §13). */
const DESTINATIONS = [
  ['Visão geral', '/dashboard'],
  ['Bots', '/bots'],
  ['Oportunidades', '/dashboard?tab=opportunities'],
  ['Simulações', '/backtests'],
  ['Histórico de Trades', '/dashboard?tab=trades'],
  ['Impostos', '/dashboard?tab=taxes'],
  ['Exchanges', '/dashboard?tab=exchanges'],
  ['Segurança', '/security'],
  ['Notificações', '/dashboard?tab=notifications'],
  ['Assinatura', '/dashboard?tab=subscription'],
  ['Pagamento', '/payment'],
  ['Perfil', '/dashboard?tab=profile'],
];

const navigation = () => screen.findByRole('navigation', { name: 'Menu principal' }, { timeout: 10_000 });

function links(menu: HTMLElement) {
  return within(menu)
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);
}

function current(menu: HTMLElement) {
  return within(menu)
    .getAllByRole('link')
    .filter((a) => a.getAttribute('aria-current') === 'page')
    .map((a) => a.textContent);
}

describe('the app shell of a signed-in user', () => {
  it('opens on Visão geral with every destination in one navigation, the current one marked', async () => {
    storeSession(TEST_USER);
    renderApp('/dashboard');
    const header = await screen.findByRole('banner', {}, { timeout: 10_000 });
    expect(within(header).getByRole('heading', { level: 1 }).textContent).toBe('Visão geral');
    expect(within(header).getByText(TEST_USER.name)).toBeDefined();
    const menu = await navigation();
    expect(links(menu)).toEqual(DESTINATIONS);
    expect(current(menu)).toEqual(['Visão geral']);
    expect(await screen.findByRole('region', { name: 'Visão geral' }, { timeout: 10_000 })).toBeDefined();
  });

  it.each([
    ['/bots', 'Bots'],
    ['/backtests', 'Simulações'],
    ['/security', 'Segurança'],
    ['/payment', 'Pagamento'],
    ['/dashboard?tab=trades', 'Histórico de Trades'],
    ['/dashboard?tab=notifications', 'Notificações'],
  ])('gives %s the same navigation, with %s marked', async (path, label) => {
    storeSession(TEST_USER);
    renderApp(path);
    const menu = await navigation();
    expect(links(menu)).toEqual(DESTINATIONS);
    expect(current(menu)).toEqual([label]);
  });

  it('follows a destination without leaving the shell', async () => {
    storeSession(TEST_USER);
    const app = renderApp('/dashboard');
    const menu = await navigation();
    fireEvent.click(within(menu).getByRole('link', { name: 'Histórico de Trades' }));
    expect(
      await screen.findByRole('region', { name: 'Histórico de Trades' }, { timeout: 10_000 }),
    ).toBeDefined();
    expect(app.location()).toBe('/dashboard?tab=trades');
    expect(current(await navigation())).toEqual(['Histórico de Trades']);
  });

  it('opens the tab named in ?tab=', async () => {
    storeSession(TEST_USER);
    renderApp('/dashboard?tab=subscription');
    expect(await screen.findByRole('region', { name: 'Assinatura' }, { timeout: 10_000 })).toBeDefined();
  });

  it("the user menu holds Perfil and Sair; Sair ends the session and goes to /login", async () => {
    storeSession(TEST_USER);
    const app = renderApp('/bots');
    const trigger = await screen.findByRole('button', { name: `Menu da conta de ${TEST_USER.name}` });
    fireEvent.pointerDown(trigger, { button: 0, pointerType: 'mouse' });
    const profile = await screen.findByRole('menuitem', { name: 'Perfil' });
    expect(profile.getAttribute('href')).toBe('/dashboard?tab=profile');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sair' }));
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });
});
