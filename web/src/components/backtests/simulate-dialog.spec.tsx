import { DEFAULT_EXECUTION_LATENCY, MESSAGES, type BacktestBotConfig } from '@arbitra/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { changeField } from '@/testing/fields';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SimulateDialog } from './simulate-dialog';

const bot: BacktestBotConfig = {
  name: 'Teste',
  strategy: 'arbitrage',
  pairs: ['BTC/USDT'],
  exchanges: ['binance', 'bybit'],
  riskLevel: 'medium',
  maxInvestment: 1000,
  minProfitPercent: 0.15,
};

/** The bodies POSTed to /api/backtests; `reject`: the api answers 400 with this message. */
let posted: unknown[] = [];
let reject: string | null = null;
/** The engines' measured latency the api answers (null: none measured yet). */
let measured: { p50Ms: number; p99Ms: number } | null = null;

beforeEach(() => {
  posted = [];
  reject = null;
  measured = null;
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    const json = (body: unknown, status = 200) =>
      Promise.resolve(
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
      );
    if (url.endsWith('/api/backtests/options'))
      return json({ recordings: [], latency: { measured, default: DEFAULT_EXECUTION_LATENCY } });
    posted.push(JSON.parse(init?.body as string));
    if (reject) return json({ message: reject, code: 'validation' }, 400);
    return json({ message: 'Simulação iniciada', backtest: { id: 'b1' } }, 201);
  });
});
afterEach(() => vi.unstubAllGlobals());

function open() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SimulateDialog bot={bot} onClose={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const type = (label: string, value: string) =>
  changeField(screen.getByLabelText(label), { target: { value } });

describe('SimulateDialog (pt-BR numbers)', () => {
  it('reads seed and latency written the pt-BR way ("1.000", "1.250", "2.500,00") as the numbers they are', async () => {
    open();
    expect(screen.getByLabelText<HTMLInputElement>('Semente').value).toBe('42');
    type('Semente', '1.000');
    type('Mediana (p50), ms', '1.250');
    type('Pior caso (p99), ms', '2.500,00');
    fireEvent.click(screen.getByRole('button', { name: 'Simular' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      source: { kind: 'simulated', seed: 1000 },
      latency: { p50Ms: 1250, p99Ms: 2500 },
    });
  });

  it('sends "1,5" as 1.5 (not 15 or NaN) and shows the api\'s pt-BR reason when it is refused', async () => {
    reject = MESSAGES.backtests.latencyInvalid;
    open();
    type('Mediana (p50), ms', '1,5');
    fireEvent.click(screen.getByRole('button', { name: 'Simular' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ latency: { p50Ms: 1.5, p99Ms: 1.5 } });
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.backtests.latencyInvalid);
  });

  it("shows the platform's measured latency as the default when it has one, else the documented default", async () => {
    measured = { p50Ms: 38, p99Ms: 1210 };
    open();
    await waitFor(() =>
      expect(screen.getByTestId('sim-latency-default').textContent).toContain('38 ms / 1.210 ms (p50 / p99)'),
    );
    expect(screen.getByLabelText<HTMLInputElement>('Mediana (p50), ms').placeholder).toBe('38');
    expect(screen.getByLabelText<HTMLInputElement>('Pior caso (p99), ms').placeholder).toBe('1.210');
    // left blank: the run gets the platform's measured one (the api sends no latency)
    fireEvent.click(screen.getByRole('button', { name: 'Simular' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ latency: null });
  });

  it('before any measurement: the documented default, said to be one', async () => {
    open();
    await waitFor(() =>
      expect(screen.getByTestId('sim-latency-default').textContent).toContain(
        `${DEFAULT_EXECUTION_LATENCY.p50Ms} ms / ${DEFAULT_EXECUTION_LATENCY.p99Ms} ms (p50 / p99), o padrão`,
      ),
    );
  });
});
