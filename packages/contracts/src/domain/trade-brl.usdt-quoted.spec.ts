import { describe, expect, it } from 'vitest';
import { toTrade } from '../mappers/bots.js';
import { tradeBrlFigures, type BrlLeg } from './trade-brl.js';

/**
 * R$ conversion of a trade quoted in USDT. BTC/USDT at USDT/BRL 5,40: buy 0,01 BTC at 60.000 on Binance (fee
 * 0,00001 BTC, the base received), sell the 0,00999 BTC received at 60.300 on Kraken (fee 0,001 BNB: the trade traded no BNB).
 *   profit   = 0,00999 × 60.300 − 600 = 602,397 − 600 = 2,397 USDT → 2,397 × 5,40 = R$ 12,9438 (shown 12,94)
 *   fees     = 0,00001 BTC × 60.000 × 5,40      = R$ 3,24 (the BNB fee has no price in the trade: left out)
 *   volume   = 600 USDT bought × 5,40           = R$ 3.240,00
 *   expected = 3,5 USDT × 5,40                  = R$ 18,90
 */
const legs: BrlLeg[] = [
  {
    kind: 'entry',
    symbol: 'BTC/USDT',
    side: 'buy',
    avgPrice: '60000',
    quoteAmount: '600',
    fee: '0.00001',
    feeAsset: 'BTC',
  },
  {
    kind: 'entry',
    symbol: 'BTC/USDT',
    side: 'sell',
    avgPrice: '60300',
    quoteAmount: '602.397',
    fee: '0.001',
    feeAsset: 'BNB',
  },
];

describe('R$ conversion of a trade quoted in USDT', () => {
  it('profit × rate, fees by their asset, volume of what was bought with USDT', () => {
    const figures = tradeBrlFigures({
      pair: 'BTC/USDT',
      usdtBrl: '5.40',
      profit: '2.397',
      amount: '0.01',
      buyPrice: '60000',
      legs,
    });
    expect(figures).toEqual({ profitBrl: '12.9438', feesBrl: '3.24', volumeBrl: '3240' });

    const trade = toTrade({
      id: 't1',
      botId: 'b1',
      botName: 'Bot',
      strategy: 'arbitrage',
      pair: 'BTC/USDT',
      buyExchange: 'binance',
      sellExchange: 'kraken',
      buyPrice: '60000',
      sellPrice: '60300',
      amount: '0.01',
      profit: '2.397',
      profitPercent: '0.5',
      expectedProfit: '3.5',
      expectedProfitPercent: '0.58',
      usdtBrl: '5.40',
      status: 'completed',
      failureReason: null,
      mode: 'paper',
      executedAt: new Date('2026-11-23T12:00:00Z'),
      ...figures,
    });
    expect(trade).toMatchObject({
      quote: 'USDT',
      profit: 2.4,
      profitUsdt: 2.4,
      profitBrl: '12.94',
      feesBrl: '3.24',
      volumeBrl: '3240.00',
      expectedProfitBrl: '18.90',
    });
  });
});
