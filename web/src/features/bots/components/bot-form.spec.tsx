import { MESSAGES, botStatusLabel, type Bot, type OpportunityFilterHistory } from '@arbitra/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render as rtlRender, screen, waitFor } from '@testing-library/react';
import { changeField } from '@/testing/fields';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BotForm } from './bot-form';

const M = MESSAGES.bots;
const H = 3_600_000;

/** What GET /api/market/opportunity-history answers (null: 503), and what was asked. */
let history: OpportunityFilterHistory | null = null;
let asked: string[] = [];

beforeEach(() => {
  history = null;
  asked = [];
  vi.stubGlobal('fetch', (url: string) => {
    asked.push(url);
    const body = history ?? {
      message: MESSAGES.market.historyUnavailable,
      code: 'opportunity_history_unavailable',
    };
    return Promise.resolve(
      new Response(JSON.stringify(body), {
        status: history ? 200 : 503,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
});
afterEach(() => vi.unstubAllGlobals());

function render(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return rtlRender(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

describe('BotForm', () => {
  it('offers the BRL pairs locked below Profissional, and open on Profissional/Enterprise (DECISIONS §12)', () => {
    const props = {
      pending: false,
      serverError: null,
      onSubmit: vi.fn(),
      onCancel: () => {},
      onEdit: () => {},
    };
    const { unmount } = render(<BotForm {...props} />);
    const group = screen.getByRole('group', { name: 'Pares em reais (BRL)' });
    expect(group.textContent).toContain('Disponível nos planos Profissional e Enterprise.');
    for (const p of ['BTC/BRL', 'ETH/BRL', 'USDT/BRL', 'SOL/BRL'])
      expect(screen.getByLabelText<HTMLInputElement>(p).disabled).toBe(true);
    unmount();

    render(<BotForm {...props} brlPairsAllowed />);
    const btc = screen.getByLabelText<HTMLInputElement>('BTC/BRL');
    expect(btc.disabled).toBe(false);
    changeField(screen.getByLabelText('Nome do bot'), { target: { value: 'Reais' } });
    fireEvent.click(btc);
    fireEvent.click(screen.getByLabelText('Mercado Bitcoin'));
    fireEvent.click(screen.getByLabelText('Binance'));
    fireEvent.click(screen.getByRole('button', { name: 'Criar bot' }));
    expect(props.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ pairs: ['BTC/BRL'], exchanges: ['mercadobitcoin', 'binance'] }),
    );
  });

  it('shows SPEC §5 messages in order, with the input hints, and submits once valid', () => {
    const onSubmit = vi.fn();
    render(
      <BotForm
        pending={false}
        serverError={null}
        onSubmit={onSubmit}
        onCancel={() => {}}
        onEdit={() => {}}
      />,
    );
    const max = screen.getByLabelText('Investimento máximo (R$)');
    const min = screen.getByLabelText('Lucro mínimo (%)');
    // pt-BR in the inputs: a comma for decimals, a dot for thousands.
    expect((max as HTMLInputElement).value).toBe('1.000');
    expect((min as HTMLInputElement).value).toBe('1,5');
    expect(max.getAttribute('inputmode')).toBe('decimal');
    const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Criar bot' }));
    changeField(max, { target: { value: '0' } });
    changeField(min, { target: { value: '0' } });

    submit();
    expect(screen.getByRole('alert').textContent).toBe(M.nameRequired);
    changeField(screen.getByLabelText('Nome do bot'), { target: { value: 'Meu bot' } });
    expect(screen.queryByRole('alert')).toBeNull();
    submit();
    expect(screen.getByRole('alert').textContent).toBe(M.pairsRequired);
    fireEvent.click(screen.getByLabelText('BTC/USDT'));
    submit();
    expect(screen.getByRole('alert').textContent).toBe(M.exchangesRequired);
    fireEvent.click(screen.getByLabelText('Binance'));
    submit();
    expect(screen.getByRole('alert').textContent).toBe(M.exchangesRequired);
    fireEvent.click(screen.getByLabelText('Gate.io'));
    submit();
    expect(screen.getByRole('alert').textContent).toBe(M.maxInvestmentPositive);
    changeField(max, { target: { value: '500' } });
    submit();
    expect(screen.getByRole('alert').textContent).toBe(M.minProfitPositive);
    changeField(max, { target: { value: '1.250,50' } });
    changeField(min, { target: { value: '0,8' } });
    submit();
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Meu bot',
      pairs: ['BTC/USDT'],
      exchanges: ['binance', 'gateio'],
      maxInvestment: 1250.5,
      minProfitPercent: 0.8,
      minProfitAfterRebalance: false, // off by default
      strategy: 'arbitrage',
      riskLevel: 'medium',
      active: false,
      mode: 'paper',
    });
  });

  it("takes a new bot's minimum from the last hour's median and says how often the filter would have fired, warning at 0", async () => {
    // 24 h covered; by bin: 240 at 0,05 %, 48 at 0,12 %, 24 at 0,29 %. The last hour's median is 0,05 %.
    history = {
      at: Date.now(),
      coveredMs: 24 * H,
      day: [
        [5, 240],
        [12, 48],
        [29, 24],
      ],
      hour: [
        [5, 6],
        [12, 3],
        [29, 1],
      ],
      hourMedianPercent: 0.05,
    };
    const onSubmit = vi.fn();
    render(
      <BotForm
        pending={false}
        serverError={null}
        onSubmit={onSubmit}
        onCancel={() => {}}
        onEdit={() => {}}
      />,
    );
    const min = screen.getByLabelText<HTMLInputElement>('Lucro mínimo (%)');
    const line = screen.getByTestId('filter-rate');
    expect(line.textContent).toContain('Escolha os pares e as exchanges');
    expect(asked).toHaveLength(0);

    fireEvent.click(screen.getByLabelText('BTC/USDT'));
    fireEvent.click(screen.getByLabelText('Binance'));
    fireEvent.click(screen.getByLabelText('Gate.io'));
    // The default follows the market: 0,05 %; (240 + 48 + 24) / 24 h = 13 per hour pass it.
    await waitFor(() => expect(min.value).toBe('0,05'));
    await waitFor(() =>
      expect(line.textContent).toContain(
        'Nas últimas 24 h, ~13 oportunidades por hora passariam deste filtro',
      ),
    );
    expect(line.textContent).toContain('Sugerido: 0,05%');
    const url = new URL(asked[asked.length - 1]!, 'http://localhost');
    expect(url.pathname).toBe('/api/market/opportunity-history');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      strategy: 'arbitrage',
      pairs: 'BTC/USDT',
      exchanges: 'binance,gateio',
    });

    // Typed with a comma: (48 + 24) / 24 = 3 per hour.
    changeField(min, { target: { value: '0,12' } });
    expect(line.textContent).toBe('Nas últimas 24 h, ~3,0 oportunidades por hora passariam deste filtro');
    // Above everything seen: a warning that the bot would sit idle.
    changeField(min, { target: { value: '1,5' } });
    expect(line.textContent).toContain('Nas últimas 24 h, nenhuma oportunidade passaria deste filtro');
    expect(line.className).toContain('text-warning');
    // The user's number stays when the market moves.
    history = { ...history, hourMedianPercent: 0.2 };
    fireEvent.click(screen.getByLabelText('ETH/USDT'));
    await waitFor(() => expect(asked.some((u) => u.includes('ETH%2FUSDT'))).toBe(true));
    expect(min.value).toBe('1,5');
  });

  it('an edited bot keeps its own minimum, shown with a comma', async () => {
    history = { at: Date.now(), coveredMs: 2 * H, day: [[12, 4]], hour: [[12, 4]], hourMedianPercent: 0.12 };
    const bot = {
      id: 'b-1',
      name: 'Meu bot',
      strategy: 'arbitrage',
      pairs: ['BTC/USDT'],
      exchanges: ['binance', 'gateio'],
      riskLevel: 'medium',
      maxInvestment: 2500,
      minProfitPercent: 0.1,
      active: false,
      mode: 'paper',
    } as unknown as Bot;
    render(
      <BotForm
        bot={bot}
        pending={false}
        serverError={null}
        onSubmit={() => {}}
        onCancel={() => {}}
        onEdit={() => {}}
      />,
    );
    const line = screen.getByTestId('filter-rate');
    // Less than 24 h counted: the window says so. 4 in 2 h = 2 per hour.
    await waitFor(() =>
      expect(line.textContent).toBe('Nas últimas 2 h, ~2,0 oportunidades por hora passariam deste filtro'),
    );
    expect(screen.getByLabelText<HTMLInputElement>('Lucro mínimo (%)').value).toBe('0,1');
    expect(screen.getByLabelText<HTMLInputElement>('Investimento máximo (R$)').value).toBe('2.500');
  });

  it('shows the server message it is given (nothing claimed as saved)', () => {
    render(
      <BotForm
        pending={false}
        serverError={M.saveError}
        onSubmit={() => {}}
        onCancel={() => {}}
        onEdit={() => {}}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Erro ao salvar bot');
  });

  it('labels statuses per SPEC §4', () => {
    expect(['running', 'stopped', 'error', 'other'].map(botStatusLabel)).toEqual([
      'Executando',
      'Parado',
      'Erro',
      'Desconhecido',
    ]);
  });
});
