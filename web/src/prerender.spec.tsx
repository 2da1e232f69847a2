import { act, waitFor } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRERENDERED_ATTRIBUTE, startApp } from './app/start';
import { marketSnapshot } from './features/scanner/testing/fixtures';
import { getSessionStore } from './lib/session';
import { prerenderPage } from './prerender';
import { json, mockApi } from './testing/mock-api';
import { TEST_USER } from './testing/render-app';

// The build prerenders '/' and '/demo' (web/vite.config.ts) and the browser hydrates that HTML (app/start.tsx): the
// tree React renders first in the browser must give exactly that markup, or React throws it away and draws again.

vi.mock('socket.io-client', async () => (await import('@/testing/fake-socket')).socketIoMock);

let root: Root | undefined;

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  getSessionStore().signOut();
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function stubServer() {
  mockApi({
    'GET /api/stats/public': () => json(503, { message: 'indisponível' }),
    'GET /api/plans': () => json(503, { message: 'indisponível' }),
    'GET /api/market/snapshot': () => json(200, marketSnapshot()),
  });
}

/** Puts the prerendered page in #root, as the built routes/<page>.html has it, and starts the app on it. */
async function hydrate(path: string) {
  const page = await prerenderPage(path);
  window.history.replaceState(null, '', path);
  const container = document.createElement('div');
  container.id = 'root';
  container.setAttribute(PRERENDERED_ATTRIBUTE, path);
  container.innerHTML = page.html;
  document.body.append(container);
  const heading = container.querySelector('h1');
  await act(async () => {
    root = startApp(container);
    await Promise.resolve();
  });
  // Hydration is done when the header shows the buttons of this browser's session (useHydrated).
  await waitFor(() => expect(container.querySelector('header .invisible')).toBeNull());
  return { page, container, heading };
}

describe('the prerendered pages (build) and their hydration (browser)', () => {
  it("'/': the landing page's first view, adopted as it is", async () => {
    stubServer();
    const { page, container, heading } = await hydrate('/');
    expect(page.title).toBe('<title>Arbitra · Arbitragem de criptomoedas em tempo real</title>');
    expect(page.html).toContain('lucre com o que sobra de verdade');
    // The visitor's header actions are in the prerendered HTML, visible with the rest of the page (issue 27).
    const header = /<header[\s\S]*?<\/header>/.exec(page.html)?.[0] ?? '';
    expect(header).toMatch(/<a[^>]*href="\/login"[^>]*>Entrar<\/a>/);
    expect(header).toMatch(/<a[^>]*href="\/register"[^>]*>Começar Grátis<\/a>/);
    expect(header).not.toContain('invisible');
    // The mobile menu's button does nothing before the script: disabled until hydration, then enabled.
    expect(page.html).toMatch(/<button[^>]*aria-label="Abrir menu"[^>]*disabled(="")?[ />]/);
    expect(container.querySelector<HTMLButtonElement>('button[aria-label="Abrir menu"]')?.disabled).toBe(
      false,
    );
    // The same element: hydrated, not drawn again.
    expect(heading?.textContent).toContain('Encontre diferenças de preço entre exchanges');
    expect(container.querySelector('h1')).toBe(heading);
    expect(container.querySelector('header')?.textContent).toContain('Entrar');
  });

  it("'/demo': the live scanner's shell, then the data", async () => {
    stubServer();
    const { page, container, heading } = await hydrate('/demo');
    expect(page.title).toBe('<title>Demo · Arbitra</title>');
    expect(page.html).toContain('Scanner de arbitragem ao vivo');
    expect(page.html).toContain('Carregando o scanner…');
    expect(container.querySelector('h1')).toBe(heading);
    await waitFor(() => expect(container.textContent).toContain('Compra MEXC → Vende Bybit'));
  });

  it('a signed-in visitor: the stored session takes over after hydration, without a mismatch', async () => {
    stubServer();
    getSessionStore().signIn('token-de-teste', TEST_USER);
    const { container, heading } = await hydrate('/');
    expect(container.querySelector('h1')).toBe(heading);
    const header = container.querySelector('header')?.textContent ?? '';
    expect(header).toContain('Minha conta');
    expect(header).not.toContain('Entrar');
  });

  it('a prerendered page at another path is not hydrated: the app starts from an empty #root', async () => {
    stubServer();
    const page = await prerenderPage('/');
    window.history.replaceState(null, '', '/demo');
    const container = document.createElement('div');
    container.setAttribute(PRERENDERED_ATTRIBUTE, '/');
    container.innerHTML = page.html;
    document.body.append(container);
    const landingHeading = container.querySelector('h1');
    await act(async () => {
      root = startApp(container);
      await Promise.resolve();
    });
    await waitFor(() =>
      expect(container.querySelector('h1')?.textContent).toBe('Scanner de arbitragem ao vivo'),
    );
    expect(landingHeading?.isConnected).toBe(false);
  });
});
