import type { OverviewResponse, TradesResponse } from '@arbitra/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatBRL } from '@/lib/format';
import { json, mockApi } from '@/testing/mock-api';
import { bot } from './bot-fixture';
import { renderApp, storeSession, TEST_USER } from '@/testing/render-app';

const window_ = (trades: number, brl: string, usdt: number) => ({ trades, brl, usdt });

function overview(mode: 'live' | 'paper'): OverviewResponse {
  return {
    mode,
    tradedModes: ['live', 'paper'],
    pnl:
      mode === 'live'
        ? {
            today: window_(2, '12.40', 2.28),
            days7: window_(9, '-3.10', -0.57),
            days30: window_(30, '101.99', 18.75),
            total: window_(42, '1250.30', 227.49),
          }
        : {
            today: window_(1, '0.50', 0.09),
            days7: window_(1, '0.50', 0.09),
            days30: window_(1, '0.50', 0.09),
            total: window_(1, '0.50', 0.09),
          },
    equity: [{ day: '2026-11-27', brl: 1250.3, usdt: 227.49 }],
    lastTrades: [
      { botId: 'b1', executedAt: '2026-11-27T15:00:00.000Z', status: 'completed', profitBrl: '0.42' },
    ],
  };
}

const BOT = bot({
  mode: 'live',
  totalTrades: 42,
  totalProfit: 227.49,
  profitPercent: 1.2,
  totalProfitExact: '227.49',
  totalProfitBrl: '1250.30',
});

const EMPTY_TRADES: TradesResponse = {
  trades: [],
  stats: {
    totalTrades: 0,
    totalProfit: 0,
    totalProfitBrl: '0.00',
    avgProfitBrl: '0.00',
    successRate: 0,
    avgProfit: 0,
  },
  page: 1,
  pageSize: 6,
  total: 0,
};

describe("'Visão geral', the home after login", () => {
  it('shows the P&L windows of the real money first, in R$ with USDT below, and switches to paper', async () => {
    // The mode rides in the query string: the double answers by it.
    const api = mockApi({});
    api.fetchMock.mockImplementation(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/api/trades/overview')
        return json(200, overview(url.searchParams.get('mode') === 'paper' ? 'paper' : 'live'));
      if (url.pathname === '/api/trades') return json(200, EMPTY_TRADES);
      if (url.pathname === '/api/bots') return json(200, [BOT]);
      throw new TypeError(`Failed to fetch (${url.pathname})`);
    });
    storeSession(TEST_USER);
    renderApp('/dashboard');
    const result = await screen.findByRole('group', { name: 'Resultado' });
    const cards = () =>
      within(result)
        .getAllByTestId('pnl-window')
        .map((c) => c.textContent);
    await waitFor(() =>
      expect(cards()).toEqual([
        `Hoje${formatBRL('12.40')}2,28 USDT2 trades`,
        `7 dias${formatBRL('-3.10')}-0,57 USDT9 trades`,
        `30 dias${formatBRL('101.99')}18,75 USDT30 trades`,
        `Desde o início${formatBRL('1250.30')}227,49 USDT42 trades`,
      ]),
    );
    expect(formatBRL('1250.30')).toBe('R$\u00a01.250,30');
    // The bot with its state and its last trade.
    const bots = screen.getByRole('region', { name: 'Seus bots' });
    await within(bots).findByText('Alfa');
    expect(within(bots).getByText('Executando')).toBeDefined();
    expect(within(bots).getByText(/^Último trade 27\/11\/2026/)).toBeDefined();
    const modes = screen.getByRole('group', { name: 'Modo' });
    expect(within(modes).getByRole('button', { name: 'Real' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(modes).getByRole('button', { name: 'Simulado' }));
    await waitFor(() => expect(cards().every((c) => c?.includes(formatBRL('0.50')))).toBe(true));
  });
});
