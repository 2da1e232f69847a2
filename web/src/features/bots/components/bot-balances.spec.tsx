import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BotBalances } from './bot-balances';

describe('BotBalances', () => {
  it('lists what the bot holds on each exchange, the remainder a triangular trade left included', () => {
    render(
      <BotBalances
        balances={[
          { exchange: 'binance', asset: 'BNB', amount: '0.9983', initial: '1' },
          { exchange: 'binance', asset: 'BTC', amount: '0.000010559488', initial: '0' },
          { exchange: 'binance', asset: 'USDT', amount: '5003.481515', initial: '5000' },
        ]}
      />,
    );
    const rows = within(screen.getByRole('table', { name: 'Saldos do bot' }))
      .getAllByRole('row')
      .map((r) => [...r.querySelectorAll('th,td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Exchange', 'Ativo', 'Inicial', 'Atual'],
      ['Binance', 'BNB', '1,00000000', '0,99830000'],
      ['Binance', 'BTC', '0,00000000', '0,00001056'],
      ['Binance', 'USDT', '5.000,00', '5.003,48'],
    ]);
  });

  it('shows nothing for a bot without balances', () => {
    const { container } = render(<BotBalances balances={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
