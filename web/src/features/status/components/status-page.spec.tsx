import type { FeedState, StatusReport } from '@arbitra/contracts';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';

// The first render loads the lazy route: give it time on a cold start.
configure({ asyncUtilTimeout: 5_000 });

// Only the edges are stubbed: the socket.io client and fetch.
const { io, emit } = vi.hoisted(() => {
  const handlers = new Map<string, Set<(...args: unknown[]) => void>>();
  const socket = {
    connected: true,
    on: (event: string, fn: (...args: unknown[]) => void) => {
      handlers.set(event, (handlers.get(event) ?? new Set()).add(fn));
      return socket;
    },
    off: (event: string, fn: (...args: unknown[]) => void) => {
      handlers.get(event)?.delete(fn);
      return socket;
    },
    disconnect: () => socket,
  };
  return {
    io: () => socket,
    emit: (event: string, ...args: unknown[]) => {
      for (const fn of [...(handlers.get(event) ?? [])]) fn(...args);
    },
  };
});
vi.mock('socket.io-client', () => ({ io }));

afterEach(() => {
  vi.unstubAllGlobals();
});

const NOW = Date.now();

const FEEDS: FeedState[] = [
  { exchange: 'binance', status: 'up', reason: null, since: NOW - 600_000 },
  { exchange: 'mercadobitcoin', status: 'degraded', reason: '1 livro desatualizado', since: NOW - 90_000 },
  { exchange: 'gateio', status: 'up', reason: null, since: NOW - 600_000 },
  { exchange: 'mexc', status: 'up', reason: null, since: NOW - 600_000 },
  { exchange: 'bybit', status: 'down', reason: 'Conexão recusada', since: NOW - 5_000 },
];

function report(overrides: Partial<StatusReport> = {}): StatusReport {
  return {
    at: NOW,
    components: [
      { name: 'api', status: 'up', detail: null },
      { name: 'engine', status: 'down', detail: 'nenhum heartbeat recente do engine' },
      { name: 'database', status: 'up', detail: null },
      { name: 'queue', status: 'up', detail: null },
    ],
    feeds: FEEDS,
    source: { kind: 'simulated', simulated: true },
    engines: [],
    ...overrides,
  };
}

function stubStatus(answer: () => Promise<Response>) {
  const fetchMock = vi.fn((input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith('/api/status')) return answer();
    return Promise.reject(new TypeError('Failed to fetch'));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

describe('/status', () => {
  it('shows each component with its status and detail, and every feed with its reason and since', async () => {
    stubStatus(() => json(report()));
    const app = renderApp('/status');
    await screen.findByText('Fora do ar');
    const engine = screen.getByTestId('component-engine');
    expect(app.location()).toBe('/status');
    expect(within(engine).getByText('Motor de mercado')).toBeDefined();
    expect(within(engine).getByText('Fora do ar')).toBeDefined();
    expect(within(engine).getByText('nenhum heartbeat recente do engine')).toBeDefined();
    for (const name of ['api', 'database', 'queue']) {
      expect(within(screen.getByTestId(`component-${name}`)).getByText('Operacional')).toBeDefined();
    }
    expect(screen.getByText('Instabilidade em parte da plataforma')).toBeDefined();

    const mb = screen.getByTestId('feed-mercadobitcoin');
    expect(within(mb).getByText('Degradado')).toBeDefined();
    expect(mb.textContent).toContain('1 livro desatualizado');
    expect(mb.textContent).toContain('neste estado há 1 min');
    const bybit = screen.getByTestId('feed-bybit');
    expect(within(bybit).getByText('Offline')).toBeDefined();
    expect(bybit.textContent).toContain('Conexão recusada');
    expect(within(screen.getByTestId('feed-binance')).getByText('Online')).toBeDefined();

    expect(screen.getByText('Mercado simulado')).toBeDefined();
    expect(screen.getByText('Dados simulados')).toBeDefined();
    expect(screen.queryByText(/em desenvolvimento/)).toBeNull();
  });

  it('lists each engine with the bots it owns and the one publishing the scanner', async () => {
    stubStatus(() =>
      json(
        report({
          engines: [
            { instanceId: 'engine-1', startedAt: '', ownedBots: 1204, publisher: true },
            { instanceId: 'engine-2', startedAt: '', ownedBots: 1, publisher: false },
          ],
        }),
      ),
    );
    renderApp('/status');
    const first = await screen.findByTestId('engine-engine-1');
    expect(first.textContent).toContain('1.204 robôs');
    expect(within(first).getByText('Publica o scanner')).toBeDefined();
    const second = screen.getByTestId('engine-engine-2');
    expect(second.textContent).toContain('1 robô');
    expect(within(second).queryByText('Publica o scanner')).toBeNull();
  });

  it('updates a feed live from market:feeds', async () => {
    stubStatus(() => json(report()));
    renderApp('/status');
    const bybit = await screen.findByTestId('feed-bybit');
    act(() => emit('market:feeds', [{ exchange: 'bybit', status: 'up', reason: null, since: NOW }]));
    await waitFor(() => expect(within(screen.getByTestId('feed-bybit')).getByText('Online')).toBeDefined());
    expect(bybit.textContent).not.toContain('Conexão recusada');
  });

  it('says all is well when it is', async () => {
    stubStatus(() =>
      json(
        report({
          components: report().components.map((c) => ({ ...c, status: 'up' as const, detail: null })),
          feeds: FEEDS.map((f) => ({ ...f, status: 'up' as const, reason: null })),
          source: { kind: 'ccxt', simulated: false },
        }),
      ),
    );
    renderApp('/status');
    expect(await screen.findByText('Todos os sistemas operacionais')).toBeDefined();
    expect(screen.getByText('Exchanges reais, ao vivo')).toBeDefined();
    expect(screen.queryByText('Dados simulados')).toBeNull();
  });

  it('shows the API as down, not a blank page, when the request fails', async () => {
    stubStatus(() => Promise.reject(new TypeError('Failed to fetch')));
    renderApp('/status');
    const api = await screen.findByTestId('component-api');
    await waitFor(() => expect(within(api).getByText('Fora do ar')).toBeDefined());
    expect(within(api).getByText('Não foi possível contatar a API')).toBeDefined();
    expect(screen.getByText('API indisponível')).toBeDefined();
    for (const name of ['engine', 'database', 'queue']) {
      expect(within(screen.getByTestId(`component-${name}`)).getByText('Desconhecido')).toBeDefined();
    }
    expect(screen.getByText('Sem informação das exchanges enquanto a API não responde.')).toBeDefined();
  });

  it('treats an error answer (e.g. a 502 from a proxy) the same way', async () => {
    stubStatus(() => Promise.resolve(new Response('Bad Gateway', { status: 502 })));
    renderApp('/status');
    expect(await screen.findByText('Não foi possível contatar a API')).toBeDefined();
  });
});
