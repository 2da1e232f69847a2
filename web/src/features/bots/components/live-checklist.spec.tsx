import { MESSAGES, type LiveChecklist } from '@arbitra/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BotForm } from './bot-form';

const L = MESSAGES.liveChecklist;

/** What the api sends with a refused switch to 'Modo real' (details.checklist of the 409). */
const refused: LiveChecklist = {
  ready: false,
  checkedAt: '2026-11-28T05:00:00.000Z',
  exchanges: [
    {
      exchange: 'binance',
      displayName: 'Binance',
      ready: false,
      items: [
        { id: 'key_valid', label: 'Chave válida', status: 'ok', reason: L.keyOk, action: null },
        {
          id: 'withdrawals_disabled',
          label: 'Saques não permitidos',
          status: 'failed',
          reason: L.withdrawAllowed,
          action: L.withdrawAllowedAction,
        },
      ],
    },
    {
      exchange: 'gateio',
      displayName: 'Gate.io',
      ready: true,
      items: [
        {
          id: 'trading_allowed',
          label: 'Negociação permitida',
          status: 'unverified',
          reason: L.permissionsUnreported('Gate.io'),
          action: L.tradingUnverifiedAction,
        },
      ],
    },
  ],
};

beforeEach(() => {
  // The form's opportunity-history line asks the api: answered as unavailable.
  vi.stubGlobal('fetch', () =>
    Promise.resolve(new Response(JSON.stringify({ message: 'x' }), { status: 503 })),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("the bot form after a refused switch to 'Modo real'", () => {
  it('shows the checklist under the error: each exchange, each item with its reason and what to do', () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <BotForm
          pending={false}
          serverError={L.notReady(`Binance — Saques não permitidos: ${L.withdrawAllowed}`)}
          liveChecklist={refused}
          onSubmit={() => {}}
          onCancel={() => {}}
          onEdit={() => {}}
        />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('alert').textContent).toContain(
      'O bot ainda não está pronto para operar ao vivo',
    );
    const list = screen.getByRole('group', { name: 'Pronto para operar ao vivo' });
    expect(
      within(list).getByText('Ainda não: corrija os itens que falharam para usar o Modo real.'),
    ).toBeTruthy();
    const binance = within(list).getByRole('region', { name: 'Binance' });
    expect(binance.textContent).toContain('— com pendências');
    expect(binance.textContent).toContain(`Saques não permitidos: ${L.withdrawAllowed}`);
    expect(binance.textContent).toContain(`O que fazer: ${L.withdrawAllowedAction}`);
    expect(within(binance).getByLabelText('falhou')).toBeTruthy();
    // An ok item says no 'O que fazer'; an unverified one says what to confirm, and does not block.
    expect(binance.textContent?.match(/O que fazer/g)).toHaveLength(1);
    const gate = within(list).getByRole('region', { name: 'Gate.io' });
    expect(gate.textContent).toContain('— pronta');
    expect(within(gate).getByLabelText('confirme você mesmo')).toBeTruthy();
    expect(gate.textContent).toContain(`O que fazer: ${L.tradingUnverifiedAction}`);
  });
});
