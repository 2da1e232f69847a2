import { describe, expect, it } from 'vitest';
import { calibrate, type CalibrationTrade } from './calibration.js';

const t = (at: number, pair: string, profit: string, status: CalibrationTrade['status'] = 'completed') => ({
  at,
  pair,
  buyExchange: 'binance',
  sellExchange: 'gateio',
  profit,
  status,
});

describe('calibration: paper trades beside the backtest’s, matched by time and route (hand-computed)', () => {
  it('matches each paper trade with the closest backtest trade of its route within the window; the rest alone', () => {
    const paper = [
      t(1_000, 'BTC/USDT', '0.5'),
      t(10_000, 'ETH/USDT', '-0.1', 'failed'),
      t(30_000, 'BTC/USDT', '0.2'),
    ];
    const backtest = [
      t(1_400, 'BTC/USDT', '0.45'),
      t(900, 'ETH/USDT', '0.3'),
      t(12_000, 'ETH/USDT', '-0.12', 'failed'),
    ];
    const c = calibrate(paper, backtest, 5_000);
    expect(c.paper).toEqual({ trades: 3, profitUsdt: '0.6', successRate: (2 * 100) / 3 });
    expect(c.backtest).toEqual({ trades: 3, profitUsdt: '0.63', successRate: (2 * 100) / 3 });
    expect(c.matched).toBe(2);
    expect(c.points).toEqual([
      { at: 900, route: 'ETH/USDT binance → gateio', paperProfitUsdt: null, backtestProfitUsdt: '0.3' },
      { at: 1_000, route: 'BTC/USDT binance → gateio', paperProfitUsdt: '0.5', backtestProfitUsdt: '0.45' },
      {
        at: 10_000,
        route: 'ETH/USDT binance → gateio',
        paperProfitUsdt: '-0.1',
        backtestProfitUsdt: '-0.12',
      },
      { at: 30_000, route: 'BTC/USDT binance → gateio', paperProfitUsdt: '0.2', backtestProfitUsdt: null },
    ]);
  });
});
