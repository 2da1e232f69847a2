import type { SubscriptionResponse } from '@arbitra/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { changeField } from '@/testing/fields';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, storeSession, TEST_USER } from '@/testing/render-app';
import { lastSocket, stubFetch } from '@/testing/fake-socket';
import { arbitrage, marketSnapshot, priceGrid, statistical, T0, triangular } from '../testing/fixtures';

// The first render loads the lazy route: the setup's 10 s wait (web/src/testing/setup.ts) gives it time on a cold, busy machine.

vi.mock('socket.io-client', async () => (await import('@/testing/fake-socket')).socketIoMock);

afterEach(() => {
  vi.unstubAllGlobals();
});

function subscription(overrides: Partial<SubscriptionResponse> = {}): SubscriptionResponse {
  return {
    id: 's-1',
    planId: 'basic',
    planName: 'Básico',
    status: 'active',
    statusLabel: 'Ativo',
    billing: 'monthly',
    currentPeriodStart: '2026-02-01T00:00:00.000Z',
    currentPeriodEnd: '2026-03-01T00:00:00.000Z',
    cancelAtPeriodEnd: false,
    price: 49.9,
    priceCents: 4990,
    features: {
      maxBots: 3,
      maxExchanges: 2,
      realTimeData: false,
      advancedStrategies: false,
      prioritySupport: false,
    },
    daysLeft: 19,
    ...overrides,
  };
}

const PROFESSIONAL = subscription({
  planId: 'professional',
  planName: 'Profissional',
  status: 'trialing',
  statusLabel: 'Período de teste',
  features: {
    maxBots: 10,
    maxExchanges: 5,
    realTimeData: true,
    advancedStrategies: true,
    prioritySupport: false,
  },
});

async function openTab(sub: SubscriptionResponse = subscription()) {
  stubFetch({
    '/api/market/snapshot': { body: marketSnapshot() },
    '/api/user/subscription': { body: sub },
  });
  storeSession(TEST_USER);
  renderApp('/dashboard?tab=opportunities');
  const table = await screen.findByRole('table', { name: 'Oportunidades' });
  return table;
}

function rowIds(): string[] {
  return screen.queryAllByTestId('opportunity-row').map((r) => r.getAttribute('data-id') ?? '');
}

describe("the dashboard's Oportunidades tab", () => {
  it('lists the opportunities best first, with the 3-s badge and the upgrade link on Básico', async () => {
    await openTab();
    expect(rowIds()).toEqual([statistical().id, arbitrage().id, triangular().id]);
    expect(await screen.findByText('Atualização a cada 3 s')).toBeDefined();
    expect(screen.getByRole('link', { name: 'faça upgrade para o Profissional' }).getAttribute('href')).toBe(
      '/payment',
    );
    expect(screen.getAllByText('Dados simulados').length).toBeGreaterThan(0);
    expect(screen.getByText(/^3 oportunidades ativas/)).toBeDefined();
  });

  it('filters by strategy, pair, exchange and minimum % (decimal comma)', async () => {
    await openTab();
    const strategy = screen.getByRole('group', { name: 'Estratégia' });
    fireEvent.click(within(strategy).getByRole('button', { name: 'Triangular' }));
    expect(rowIds()).toEqual([triangular().id]);
    fireEvent.click(within(strategy).getByRole('button', { name: 'Todas' }));

    changeField(screen.getByLabelText('Par', { selector: '#filtro-par' }), {
      target: { value: 'ETH/BTC' },
    });
    expect(rowIds()).toEqual([triangular().id]);
    changeField(screen.getByLabelText('Par', { selector: '#filtro-par' }), { target: { value: 'all' } });

    changeField(screen.getByLabelText('Exchange'), { target: { value: 'gateio' } });
    expect(rowIds()).toEqual([arbitrage().id]);
    changeField(screen.getByLabelText('Exchange'), { target: { value: 'all' } });

    const min = screen.getByLabelText('Lucro líquido mínimo (%)');
    changeField(min, { target: { value: '0,2' } });
    expect(rowIds()).toEqual([statistical().id]);
    changeField(min, { target: { value: '5' } });
    expect(rowIds()).toEqual([]);
    expect(screen.getByText('Nenhuma oportunidade atende aos filtros escolhidos.')).toBeDefined();

    changeField(min, { target: { value: 'abc' } });
    expect(screen.getByText('Informe um número, por exemplo 0,15.')).toBeDefined();
    expect(min.getAttribute('aria-invalid')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    expect(rowIds()).toHaveLength(3);
  });

  it('sorts by a column and flips on a second click', async () => {
    const table = await openTab();
    const profit = within(table).getByRole('button', { name: /Lucro estimado/ });
    fireEvent.click(profit);
    expect(rowIds()).toEqual([statistical().id, triangular().id, arbitrage().id]);
    expect(profit.closest('th')?.getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(profit);
    expect(rowIds()).toEqual([arbitrage().id, triangular().id, statistical().id]);
    expect(profit.closest('th')?.getAttribute('aria-sort')).toBe('ascending');

    fireEvent.click(within(table).getByRole('button', { name: /Idade/ }));
    expect(rowIds()).toEqual([triangular().id, arbitrage().id, statistical().id]);
  });

  it('shows Tempo real on Profissional and takes every delta', async () => {
    await openTab(PROFESSIONAL);
    expect(await screen.findByText('Tempo real')).toBeDefined();
    expect(screen.queryByText('faça upgrade para o Profissional')).toBeNull();

    const extra = arbitrage({
      id: 'arbitrage:bybit>mexc:ETH/USDT',
      exchanges: ['bybit', 'mexc'],
      symbols: ['ETH/USDT'],
      direction: 'bybit>mexc',
      legs: [],
      netPct: 0.5,
      netPercent: '0.5000',
    });
    act(() =>
      lastSocket().serverEmit('scanner:delta', { at: T0 + 100, upserts: [extra], removed: [arbitrage().id] }),
    );
    await waitFor(() => expect(rowIds()).toEqual([extra.id, statistical().id, triangular().id]));
    expect(screen.getByText(/^3 oportunidades ativas/)).toBeDefined();
    expect(screen.getByText('Compra Bybit → Vende MEXC')).toBeDefined();
  });

  it('draws the price chart of the chosen pair from the price stream', async () => {
    await openTab();
    expect(await screen.findByText(/Coletando cotações de BTC\/USDT/)).toBeDefined();
    act(() => lastSocket().serverEmit('market:prices', priceGrid(T0 + 1_000)));
    expect(await screen.findByRole('img', { name: /Preço médio de BTC\/USDT/ })).toBeDefined();

    changeField(screen.getByLabelText('Par', { selector: '#grafico-par' }), {
      target: { value: 'ETH/BTC' },
    });
    expect(screen.getByRole('img', { name: /Preço médio de ETH\/BTC/ })).toBeDefined();
  });

  it('after a reconnection, drops the real-time book and reads the snapshot again', async () => {
    stubFetch({
      '/api/market/snapshot': { body: marketSnapshot() },
      '/api/user/subscription': { body: PROFESSIONAL },
    });
    storeSession(TEST_USER);
    renderApp('/dashboard?tab=opportunities');
    await screen.findByRole('table', { name: 'Oportunidades' });
    const socket = lastSocket();
    act(() => socket.serverEmit('scanner:delta', { at: T0 + 100, upserts: [], removed: [arbitrage().id] }));
    await waitFor(() => expect(rowIds()).toHaveLength(2));

    const fetchMock = stubFetch({
      '/api/market/snapshot': { body: marketSnapshot() },
      '/api/user/subscription': { body: PROFESSIONAL },
    });
    act(() => socket.drop());
    expect(await screen.findByText('Reconectando…')).toBeDefined();
    act(() => socket.reconnect());
    await waitFor(() => expect(rowIds()).toHaveLength(3));
    expect(screen.getByText('Ao vivo')).toBeDefined();
    expect(
      fetchMock.mock.calls.some(([url]) => typeof url === 'string' && url.startsWith('/api/market/snapshot')),
    ).toBe(true);
  });
});
