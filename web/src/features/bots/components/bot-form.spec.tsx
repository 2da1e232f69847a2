import { MESSAGES, botStatusLabel } from '@arbitra/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BotForm } from './bot-form';

const M = MESSAGES.bots;

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
    fireEvent.change(screen.getByLabelText('Nome do bot'), { target: { value: 'Reais' } });
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
    expect(max.getAttribute('min')).toBe('1');
    expect(max.getAttribute('step')).toBe('0.01');
    expect(min.getAttribute('min')).toBe('0.1');
    expect(min.getAttribute('step')).toBe('0.1');
    expect((max as HTMLInputElement).value).toBe('1000');
    expect((min as HTMLInputElement).value).toBe('1.5');
    const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Criar bot' }));
    fireEvent.change(max, { target: { value: '0' } });
    fireEvent.change(min, { target: { value: '0' } });

    submit();
    expect(screen.getByRole('alert').textContent).toBe(M.nameRequired);
    fireEvent.change(screen.getByLabelText('Nome do bot'), { target: { value: 'Meu bot' } });
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
    fireEvent.change(max, { target: { value: '500' } });
    submit();
    expect(screen.getByRole('alert').textContent).toBe(M.minProfitPositive);
    fireEvent.change(min, { target: { value: '0.8' } });
    submit();
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Meu bot',
      pairs: ['BTC/USDT'],
      exchanges: ['binance', 'gateio'],
      maxInvestment: 500,
      minProfitPercent: 0.8,
      strategy: 'arbitrage',
      riskLevel: 'medium',
      active: false,
      mode: 'paper',
    });
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
