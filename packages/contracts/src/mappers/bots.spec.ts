import { describe, expect, it } from 'vitest';
import { toBotStatusEvent, toTrade, type TradeFields } from './bots.js';

const stored: TradeFields = {
  id: 't1',
  botId: 'b1',
  botName: 'Arbitragem BTC',
  strategy: 'arbitrage',
  pair: 'BTC/USDT',
  buyExchange: 'binance',
  sellExchange: 'kraken',
  buyPrice: '65000.123456789',
  sellPrice: '65100.5',
  amount: '0.0123',
  profit: '1.23456789012345678',
  profitPercent: '0.1234567',
  expectedProfit: '1.5',
  expectedProfitPercent: '0.15',
  status: 'completed',
  failureReason: null,
  mode: 'paper',
  executedAt: new Date('2026-11-23T12:00:00Z'),
  usdtBrl: '5.45',
  profitBrl: '6.728399',
  feesBrl: '0.5',
  volumeBrl: '4357.5',
};

describe('wire mappers', () => {
  it('a trade: money rounded for display (2 places, percents 4), exact prices as numbers, ISO date', () => {
    expect(toTrade(stored)).toEqual({
      ...stored,
      buyPrice: 65000.123456789,
      sellPrice: 65100.5,
      amount: 0.0123,
      profit: 1.23,
      profitPercent: 0.1235,
      expectedProfit: 1.5,
      expectedProfitPercent: 0.15,
      executedAt: '2026-11-23T12:00:00.000Z',
      quote: 'USDT',
      profitUsdt: 1.23,
      profitBrl: '6.73',
      feesBrl: '0.50',
      volumeBrl: '4357.50',
      expectedProfitBrl: '8.18',
      rebalance: toTrade(stored).rebalance,
    });
    // Kraken is not in the transfer-fee table: no route to undo the move, never free
    expect(toTrade(stored).rebalance).toMatchObject({
      status: 'sem_rota',
      missing: ['BTC', 'USDT'],
      afterBrl: null,
    });
    // a failed trade moved nothing
    expect(toTrade({ ...stored, status: 'failed' }).rebalance).toBeNull();
    // on a route (Binance → Gate.io, BEP20 both ways): profit − its share, tradeRebalanceShare's figure
    expect(toTrade({ ...stored, sellExchange: 'gateio' }).rebalance).toMatchObject({
      status: 'transferencia',
      transferBrl: '5000',
    });
  });

  it('the engine record (extra fields, id added) gives the same trade as the stored row', () => {
    const record = { ...stored, executionKey: 'k', legs: [], deltas: [] };
    expect(toTrade({ ...record, id: 't1' })).toEqual(toTrade(stored));
  });

  it("'bot:status': totals rounded to 2 places, stamped", () => {
    expect(
      toBotStatusEvent(
        {
          botId: 'b1',
          status: 'error',
          active: false,
          statusReason: 'Limite de perda diária atingido',
          totalTrades: 7,
          totalProfit: '-10.005',
          totalProfitBrl: '-54.52725',
          profitPercent: '-0.91812',
        },
        42,
      ),
    ).toEqual({
      botId: 'b1',
      status: 'error',
      active: false,
      statusReason: 'Limite de perda diária atingido',
      totalTrades: 7,
      totalProfit: -10.01,
      totalProfitBrl: '-54.53',
      profitPercent: -0.92,
      at: 42,
    });
  });
});
