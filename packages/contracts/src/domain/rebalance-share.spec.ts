import { describe, expect, it } from 'vitest';
import {
  botTransferBrl,
  crossRebalanceShare,
  noTransferShare,
  rebalanceAt,
  tradeRebalanceShare,
  undoRoutes,
} from './rebalance-share.js';
import { SHIPPED_TRANSFER_FEES } from './transfer-fees.js';

// Buy 0.01 BTC on Binance at 60 000 USDT, sell it on Gate.io; USDT/BRL 5; net R$ 9 on R$ 3 003 engaged.
const move = {
  base: 'BTC',
  quote: 'USDT',
  buyExchange: 'binance' as const,
  sellExchange: 'gateio' as const,
  amount: '0.01',
  price: '60000',
  quoteBrl: '5',
  netBrl: '9',
  capitalBrl: '3003',
};

describe('lucro após rebalanceamento', () => {
  it('charges the share of both undo transfers, on the cheapest open networks', () => {
    const r = crossRebalanceShare(
      move,
      undoRoutes(SHIPPED_TRANSFER_FEES, 'BTC', 'USDT', 'binance', 'gateio'),
      5000,
    );
    // BTC Binance → Gate.io on BEP20: 0.0000049 BTC × 60 000 × 5 = R$ 1,47; USDT Gate.io → Binance on BEP20: 0.5 × 5 = R$ 2,50.
    expect(r.transfers.map((t) => [t.asset, t.from, t.to, t.network, t.fee, t.feeBrl])).toEqual([
      ['BTC', 'binance', 'gateio', 'BEP20', '0.0000049', '1.47'],
      ['USDT', 'gateio', 'binance', 'BEP20', '0.5', '2.5'],
    ]);
    expect(r.status).toBe('transferencia');
    // Q / S_base × fee_base × price = 0.01 ÷ (5000 ÷ 300 000) × 1.47 = 0.6 × 1.47 = 0.882
    // (Q × price) / S_quote × fee_quote = 600 ÷ 1000 × 2.5 = 1.5 → R$ 2,382
    expect(r.notionalBrl).toBe('3000');
    expect(r.feesBrl).toBe('3.97');
    expect(r.costBrl).toBe('2.382');
    expect(r.afterBrl).toBe('6.618');
    // 6.618 ÷ 3003 × 100 = 0.22037962…
    expect(r.afterPercent).toBe('0.2204');
    expect(r.afterPct).toBe(0.2204);
  });

  it('amortises over the size the user chooses', () => {
    const r = crossRebalanceShare(
      move,
      undoRoutes(SHIPPED_TRANSFER_FEES, 'BTC', 'USDT', 'binance', 'gateio'),
      5000,
    );
    const big = rebalanceAt(r, '10000');
    // 3000 × 3.97 ÷ 10 000 = 1.191; 9 − 1.191 = 7.809; ÷ 3003 = 0.26004 %
    expect([big.transferBrl, big.costBrl, big.afterBrl, big.afterPercent]).toEqual([
      '10000',
      '1.191',
      '7.809',
      '0.2600',
    ]);
    expect(rebalanceAt(r, '0').afterBrl).toBeNull();
  });

  it('a route that does not exist is “sem rota”, never free', () => {
    // Mercado Bitcoin does not list BNB.
    const r = crossRebalanceShare(
      { ...move, base: 'BNB', price: '600', sellExchange: 'mercadobitcoin' },
      undoRoutes(SHIPPED_TRANSFER_FEES, 'BNB', 'USDT', 'binance', 'mercadobitcoin'),
      5000,
    );
    expect(r.status).toBe('sem_rota');
    expect(r.missing).toEqual(['BNB']);
    expect([r.costBrl, r.afterBrl, r.afterPercent, r.afterPct]).toEqual([null, null, null, null]);
    // A network disabled on one side is not a route either: Bybit's TRC20 USDT withdrawals are paused, so USDT
    // Bybit → Binance goes by SOL (1 USDT, cheaper than ERC20's 3), never TRC20.
    expect(undoRoutes(SHIPPED_TRANSFER_FEES, 'BTC', 'USDT', 'binance', 'bybit').quote?.network).toBe('SOL');
  });

  it('a BRL market moves reais back by PIX', () => {
    // Buy 0.01 BTC at R$ 300 000 on Mercado Bitcoin, sell on Binance: BTC back on the BTC network (0.0001 BTC =
    // R$ 30), reais by PIX (R$ 0). 3000 × 30 ÷ 5000 = R$ 18.
    const r = crossRebalanceShare(
      {
        ...move,
        buyExchange: 'mercadobitcoin',
        sellExchange: 'binance',
        quote: 'BRL',
        price: '300000',
        quoteBrl: 1,
        netBrl: '20',
        capitalBrl: '3000',
      },
      undoRoutes(SHIPPED_TRANSFER_FEES, 'BTC', 'BRL', 'mercadobitcoin', 'binance'),
      5000,
    );
    expect(r.transfers.map((t) => [t.asset, t.network, t.feeBrl, t.minutes])).toEqual([
      ['BTC', 'BTC', '30', 40],
      ['BRL', 'PIX', '0', 5],
    ]);
    expect([r.costBrl, r.afterBrl, r.afterPercent]).toEqual(['18', '2', '0.0667']);
  });

  it('nothing to move (triangular, statistical): equal to the net profit', () => {
    const r = noTransferShare('4.5', '1500', 5000);
    expect([r.status, r.costBrl, r.afterBrl, r.afterPercent]).toEqual([
      'sem_transferencia',
      '0',
      '4.5',
      '0.3000',
    ]);
  });

  it('a recorded trade, from its stored pair, exchanges, amount and price', () => {
    const trade = {
      strategy: 'arbitrage',
      pair: 'BTC/USDT',
      buyExchange: 'binance',
      sellExchange: 'gateio',
      amount: '0.01',
      buyPrice: '60000',
      usdtBrl: '5',
      profitBrl: '9',
      volumeBrl: '3003',
    };
    expect(tradeRebalanceShare(trade, SHIPPED_TRANSFER_FEES).afterBrl).toBe('6.618');
    expect(
      tradeRebalanceShare(
        { ...trade, strategy: 'triangular', pair: 'USDT>BTC>ETH>USDT' },
        SHIPPED_TRANSFER_FEES,
      ).afterBrl,
    ).toBe('9');
  });

  it('a bot amortises over its capital per exchange', () => {
    expect(botTransferBrl('10000', 3)).toBe('3333.33');
  });
});
