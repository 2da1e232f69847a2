import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NakedExposure } from './naked-exposure';

describe('NakedExposure', () => {
  it('says what is held or owed on which exchange, in Portuguese', () => {
    render(<NakedExposure exposure={{ 'binance:BTC': '0.03', 'gateio:ETH': '-0.005' }} />);
    expect(screen.getByRole('status').textContent).toBe(
      'Exposição aberta após falha ao desfazer uma perna: em carteira 0,03000000 BTC na Binance; ' +
        'vendido a descoberto 0,00500000 ETH na Gate.io. Feche essa posição na exchange.',
    );
  });

  it('shows nothing when nothing is exposed', () => {
    const { container } = render(<NakedExposure exposure={{}} />);
    expect(container.innerHTML).toBe('');
  });
});
