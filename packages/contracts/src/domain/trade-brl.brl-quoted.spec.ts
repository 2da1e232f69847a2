import { describe, expect, it } from 'vitest';
import { toTrade } from '../mappers/bots.js';
import { tradeBrlFigures, type BrlLeg } from './trade-brl.js';

/**
 * R$ conversion of a trade quoted in BRL. BTC/BRL at USDT/BRL 5,50: buy 0,02 BTC at R$ 330.000 on Mercado Bitcoin
 * (fee 0,7 % in BRL = R$ 46,20), sell 0,02 BTC at R$ 333.000 on Binance (fee 0,1 % in BRL = R$ 6,66).
 *   profit = 6.660 − 6,66 − 6.600 − 46,20 = R$ 7,14 (as is) → USDT 7,14 ÷ 5,50 = 1,2981… → 1,30
 *   fees   = 46,20 + 6,66                  = R$ 52,86
 *   volume = R$ 6.600,00 bought
 */
const legs: BrlLeg[] = [
  {
    kind: 'entry',
    symbol: 'BTC/BRL',
    side: 'buy',
    avgPrice: '330000',
    quoteAmount: '6600',
    fee: '46.2',
    feeAsset: 'BRL',
  },
  {
    kind: 'entry',
    symbol: 'BTC/BRL',
    side: 'sell',
    avgPrice: '333000',
    quoteAmount: '6660',
    fee: '6.66',
    feeAsset: 'BRL',
  },
];

describe('R$ conversion of a trade quoted in BRL', () => {
  it('R$ as is, USDT = value ÷ rate', () => {
    const figures = tradeBrlFigures({
      pair: 'BTC/BRL',
      usdtBrl: '5.50',
      profit: '7.14',
      amount: '0.02',
      buyPrice: '330000',
      legs,
    });
    expect(figures).toEqual({ profitBrl: '7.14', feesBrl: '52.86', volumeBrl: '6600' });

    const trade = toTrade({
      id: 't2',
      botId: 'b1',
      botName: 'Bot BRL',
      strategy: 'arbitrage',
      pair: 'BTC/BRL',
      buyExchange: 'mercadobitcoin',
      sellExchange: 'binance',
      buyPrice: '330000',
      sellPrice: '333000',
      amount: '0.02',
      profit: '7.14',
      profitPercent: '0.108',
      expectedProfit: '11',
      expectedProfitPercent: '0.16',
      usdtBrl: '5.50',
      status: 'completed',
      failureReason: null,
      mode: 'live',
      executedAt: new Date('2026-11-23T12:00:00Z'),
      ...figures,
    });
    expect(trade).toMatchObject({
      quote: 'BRL',
      profit: 7.14,
      profitUsdt: 1.3,
      profitBrl: '7.14',
      feesBrl: '52.86',
      volumeBrl: '6600.00',
      expectedProfitBrl: '11.00',
    });
  });
});
