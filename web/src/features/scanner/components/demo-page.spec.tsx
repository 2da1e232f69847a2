import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { lastSocket, stubFetch } from '@/testing/fake-socket';
import {
  arbitrage,
  FEEDS,
  marketSnapshot,
  PREMIUM,
  priceGrid,
  scannerSnapshot,
  statistical,
  T0,
  triangular,
} from '../testing/fixtures';

// The first render loads the lazy route: the setup's 10 s wait (web/src/testing/setup.ts) gives it time on a cold, busy machine.

vi.mock('socket.io-client', async () => (await import('@/testing/fake-socket')).socketIoMock);

afterEach(() => {
  vi.unstubAllGlobals();
});

function routes() {
  return within(screen.getByRole('table', { name: 'Oportunidades ao vivo' }))
    .getAllByTestId('opportunity-row')
    .map((row) => within(row).getByTestId('route').textContent);
}

describe('/demo', () => {
  it('shows the public top list from the snapshot, with the simulated badge, the feeds and the link to /register', async () => {
    stubFetch({ '/api/market/snapshot': { body: marketSnapshot() } });
    renderApp('/demo');
    await screen.findByRole('table', { name: 'Oportunidades ao vivo' });
    expect(routes()).toEqual([
      'Compra MEXC → Vende Bybit',
      'Compra Binance → Vende Gate.io',
      'Binance: USDT → BTC → ETH → USDT',
    ]);
    expect(screen.getAllByText('Dados simulados').length).toBeGreaterThan(0);
    expect(screen.getByText('Ao vivo')).toBeDefined();
    expect(screen.getByText(/^3 oportunidades ativas/)).toBeDefined();

    // The cards under the first screen get the data one task after the list.
    const status = await screen.findByRole('list', { name: 'Status das exchanges' });
    expect(within(status).getAllByText('Online')).toHaveLength(2);
    expect(within(status).getByText('Degradado')).toBeDefined();
    expect(within(status).getByText(/2 livros desatualizados/)).toBeDefined();
    expect(within(status).getByText('Conectando')).toBeDefined();
    expect(within(status).getByText('Offline')).toBeDefined();

    const cta = screen.getAllByRole('link', { name: /grátis/ });
    expect(cta.every((a) => a.getAttribute('href') === '/register')).toBe(true);
    // No static marketing claim.
    expect(document.body.textContent).not.toContain('15 exchanges');
  });

  it("shows the USDT/BRL premium ('ágio do dólar cripto') of each exchange and its chart of the last minutes", async () => {
    stubFetch({
      '/api/market/snapshot': {
        body: marketSnapshot({ scanner: scannerSnapshot([arbitrage()], { usdtBrlPremium: PREMIUM }) }),
      },
    });
    renderApp('/demo');
    const card = await screen.findByRole('region', { name: 'Ágio do dólar cripto (USDT/BRL)' });
    const spread = await within(card).findByTestId('agio-spread');
    expect(spread.textContent).toBe('Mercado Bitcoin vs. Binance+0,367%');
    expect(within(card).getByText('Referência (Binance)')).toBeDefined();
    expect(within(card).getAllByText('R$ 5,4500').length).toBe(2); // the reference and Binance's mid
    const rows = within(within(card).getByRole('table', { name: 'USDT/BRL por exchange' })).getAllByRole(
      'row',
    );
    expect(rows.map((r) => r.textContent)).toEqual([
      'ExchangeUSDT/BRL (médio)Ágio vs. referência',
      'BinanceR$ 5,45000,00%',
      'Mercado BitcoinR$ 5,4700+0,367%',
    ]);
    expect(await within(card).findByRole('img', { name: /Ágio do USDT\/BRL/ })).toBeDefined();
  });

  it('greys a stale quote in the price grid', async () => {
    stubFetch({ '/api/market/snapshot': { body: marketSnapshot() } });
    renderApp('/demo');
    const grid = await screen.findByRole('table', { name: 'Cotações por exchange' });
    const stale = grid.querySelectorAll('[data-stale]');
    expect(stale).toHaveLength(1);
    expect(stale[0]?.textContent).toContain('63.000,00');
    expect(within(grid).getByText('64.000,00')).toBeDefined();
  });

  it('replaces the list with each scanner snapshot from the socket', async () => {
    stubFetch({ '/api/market/snapshot': { body: marketSnapshot() } });
    renderApp('/demo');
    await screen.findByRole('table', { name: 'Oportunidades ao vivo' });
    act(() =>
      lastSocket().serverEmit('scanner:snapshot', scannerSnapshot([triangular()], { at: T0 + 3_000 })),
    );
    await waitFor(() => expect(routes()).toEqual(['Binance: USDT → BTC → ETH → USDT']));
  });

  it('freezes the view while paused, keeps receiving, and shows the latest on Retomar', async () => {
    stubFetch({ '/api/market/snapshot': { body: marketSnapshot() } });
    renderApp('/demo');
    await screen.findByRole('table', { name: 'Oportunidades ao vivo' });

    fireEvent.click(screen.getByRole('button', { name: 'Pausar' }));
    expect(screen.getByText('Pausado')).toBeDefined();
    const socket = lastSocket();
    act(() => {
      socket.serverEmit('scanner:snapshot', scannerSnapshot([triangular()], { at: T0 + 3_000 }));
      socket.serverEmit('market:prices', priceGrid(T0 + 3_000));
    });
    // The new data arrived (the page says so) but the rows did not change.
    expect(await screen.findByText(/Há dados mais recentes/)).toBeDefined();
    expect(routes()).toHaveLength(3);

    fireEvent.click(screen.getByRole('button', { name: 'Retomar' }));
    expect(screen.queryByText('Pausado')).toBeNull();
    expect(screen.getByText('Ao vivo')).toBeDefined();
    expect(routes()).toEqual(['Binance: USDT → BTC → ETH → USDT']);
  });

  it('says so when no opportunity is live', async () => {
    stubFetch({ '/api/market/snapshot': { body: marketSnapshot({ scanner: scannerSnapshot([]) }) } });
    renderApp('/demo');
    expect(
      await screen.findByText('Nenhuma oportunidade no momento — o scanner continua procurando'),
    ).toBeDefined();
  });

  it('waits for the engine when it has not published yet, without a simulated badge', async () => {
    stubFetch({ '/api/market/snapshot': { body: { scanner: null, prices: null, feeds: [], stats: null } } });
    renderApp('/demo');
    expect(await screen.findByText(/ainda não publicou oportunidades/)).toBeDefined();
    expect(screen.queryByText('Dados simulados')).toBeNull();
  });

  it('shows the connection error and retries; live events still fill the page', async () => {
    const fetchMock = stubFetch({ '/api/market/snapshot': { fail: true } });
    renderApp('/demo');
    expect(await screen.findByText('Erro de conexão com o servidor')).toBeDefined();

    stubFetch({ '/api/market/snapshot': { body: marketSnapshot() } });
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await screen.findByRole('table', { name: 'Oportunidades ao vivo' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('draws from socket events alone when the snapshot request fails', async () => {
    stubFetch({ '/api/market/snapshot': { fail: true } });
    renderApp('/demo');
    await screen.findByText('Erro de conexão com o servidor');
    act(() => {
      lastSocket().serverEmit('scanner:snapshot', scannerSnapshot([arbitrage(), statistical()]));
      lastSocket().serverEmit('market:feeds', FEEDS);
    });
    await waitFor(() =>
      expect(routes()).toEqual(['Compra Binance → Vende Gate.io', 'Compra MEXC → Vende Bybit']),
    );
    expect(screen.queryByText('Erro de conexão com o servidor')).toBeNull();
  });

  it('shows the legs of an opportunity on demand', async () => {
    stubFetch({ '/api/market/snapshot': { body: marketSnapshot() } });
    renderApp('/demo');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Ver ordens de Compra Binance → Vende Gate.io' }),
    );
    const legs = screen.getByRole('table', { name: 'Ordens da oportunidade' });
    const rows = within(legs).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['1. Compra', 'Binance', 'BTC/USDT', '0,0123 BTC', '64.000,10', '64.000,50', '787,2012 USDT', '0,1%'],
      ['2. Venda', 'Gate.io', 'BTC/USDT', '0,0123 BTC', '64.300,00', '64.299,90', '790,89 USDT', '0,2%'],
    ]);
  });

  it('counts the ages up every second, and stops them while paused', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(T0);
    try {
      stubFetch({ '/api/market/snapshot': { body: marketSnapshot() } });
      renderApp('/demo');
      await screen.findByRole('table', { name: 'Oportunidades ao vivo' });
      const ageOf = (id: string) =>
        document.querySelector(`[data-id="${id}"]`)?.querySelectorAll('td')[7]?.textContent;
      expect(ageOf(arbitrage().id)).toBe('5 s');
      expect(ageOf(triangular().id)).toBe('1 min 05 s');
      act(() => {
        vi.advanceTimersByTime(2_000);
      });
      expect(ageOf(arbitrage().id)).toBe('7 s');

      fireEvent.click(screen.getByRole('button', { name: 'Pausar' }));
      act(() => {
        vi.advanceTimersByTime(3_000);
      });
      expect(ageOf(arbitrage().id)).toBe('7 s');
      fireEvent.click(screen.getByRole('button', { name: 'Retomar' }));
      act(() => {
        vi.advanceTimersByTime(1_000);
      });
      expect(ageOf(arbitrage().id)).toBe('11 s');
    } finally {
      vi.useRealTimers();
    }
  });
});
