import { describe, expect, it } from 'vitest';
import type { BacktestBotConfig } from '@arbitra/contracts';
import { BacktestLedger } from './backtest-ledger.js';
import { runBacktest } from './backtest.js';
import { RebalanceRule } from './rebalance-rule.js';

const start = [
  ['binance', 'BTC', '0.01'],
  ['gateio', 'BTC', '0.01'],
  ['binance', 'USDT', '500'],
  ['gateio', 'USDT', '500'],
] as const;
// After trades that bought BTC on Binance and sold it on Gate.io.
const drifted = [
  ['binance', 'BTC', '0.018'],
  ['gateio', 'BTC', '0.002'],
  ['binance', 'USDT', '340'],
  ['gateio', 'USDT', '661'],
] as const;
const price = (asset: string) => (asset === 'BTC' ? '60000' : asset === 'USDT' ? '1' : null);
const MIN = 60_000;

function setup(skew: number) {
  const ledger = new BacktestLedger({ maxInvestment: 5000, riskLevel: 'medium' });
  ledger.seed(drifted);
  const rule = new RebalanceRule(skew);
  rule.start(start);
  return { ledger, rule };
}
const balances = (l: BacktestLedger) =>
  Object.fromEntries(l.rows().map((r) => [`${r.exchange} ${r.asset}`, r.amount]));

describe('the backtest rebalancing rule', () => {
  it('does nothing while the skew is under the threshold', () => {
    const { ledger, rule } = setup(50); // BTC is 40 % out of place
    expect(rule.check(ledger, 0, price, '5')).toBeNull();
    expect(rule.summary('10', '50')).toMatchObject({ count: 0, feesUsdt: '0', profitAfterUsdt: '10' });
  });

  it('past it, moves the plan with its fees, the funds arriving after the route’s minutes of market time', () => {
    const { ledger, rule } = setup(30);
    const done = rule.check(ledger, 0, price, '5');
    // BTC 40 % > 30 %: 0.008 BTC Binance → Gate.io on BEP20 (fee 0.0000049 BTC = 0.294 USDT at 60 000) and
    // 160.5 USDT Gate.io → Binance on BEP20 (fee 0.5 USDT), 5 minutes each.
    expect(done?.asset).toBe('BTC');
    expect(done?.skewPercent).toBe('40');
    expect(
      done?.transfers.map((t) => [t.asset, t.from, t.to, t.network, t.amount, t.fee, t.minutes]),
    ).toEqual([
      ['BTC', 'binance', 'gateio', 'BEP20', '0.008', '0.0000049', 5],
      ['USDT', 'gateio', 'binance', 'BEP20', '160.5', '0.5', 5],
    ]);
    expect(done?.feesUsdt).toBe('0.794');
    // Left at once; not arrived yet.
    expect(balances(ledger)).toEqual({
      'binance BTC': '0.01',
      'gateio BTC': '0.002',
      'binance USDT': '340',
      'gateio USDT': '500.5',
    });
    expect(ledger.inTransit()).toEqual([
      { exchange: 'gateio', asset: 'BTC', amount: '0.0079951' },
      { exchange: 'binance', asset: 'USDT', amount: '160' },
    ]);
    // No second rebalance while they travel.
    expect(rule.check(ledger, 1 * MIN, price, '5')).toBeNull();
    ledger.settle(5 * MIN - 1);
    expect(ledger.inTransit()).toHaveLength(2);
    ledger.settle(5 * MIN);
    expect(balances(ledger)).toEqual({
      'binance BTC': '0.01',
      'gateio BTC': '0.0099951',
      'binance USDT': '500',
      'gateio USDT': '500.5',
    });
    expect(ledger.inTransit()).toEqual([]);
    // Trades made 10 USDT (R$ 50): after rebalancing 10 − 0.794 = 9.206 USDT; R$ 50 − 0.794 × 5 = R$ 46.03.
    expect(rule.summary('10', '50')).toMatchObject({
      skewPercent: 30,
      count: 1,
      feesUsdt: '0.794',
      feesBrl: '3.97',
      profitAfterUsdt: '9.206',
      profitAfterBrl: '46.03',
      table: { source: 'embarcada', asOf: '2026-11-28' },
    });
  });
});

describe('a backtest with the rule on', () => {
  const bot: BacktestBotConfig = {
    name: 'Bot de teste',
    strategy: 'arbitrage',
    pairs: ['BTC/USDT', 'ETH/USDT'],
    exchanges: ['binance', 'gateio'],
    riskLevel: 'high',
    maxInvestment: 10_000,
    minProfitPercent: 0.2,
  };
  const source = { kind: 'simulated', seed: 42, durationMs: 30 * 60_000, volatility: 'agitated' } as const;

  it('rebalances as inventory skews, pays the fees and reports the profit after rebalancing', async () => {
    const off = await runBacktest(bot, source);
    expect(off.result.rebalancing).toBeUndefined();
    const { result } = await runBacktest({ ...bot, rebalanceSkewPercent: 10 }, source);
    const r = result.rebalancing!;
    expect(r.count).toBeGreaterThan(0);
    expect(r.rebalances.length).toBe(r.count);
    // The fees are the sum of each rebalance's, and the profit after rebalancing is the trades' minus them.
    const sum = r.rebalances.reduce((s, x) => s + Number(x.feesUsdt), 0);
    expect(Number(r.feesUsdt)).toBeCloseTo(sum, 8);
    expect(Number(r.feesUsdt)).toBeGreaterThan(0);
    expect(Number(r.profitAfterUsdt)).toBeCloseTo(Number(result.totals.profitUsdt) - Number(r.feesUsdt), 8);
    // Every rebalance fired past the threshold, and no two overlap (the next waits for the transfers).
    for (const x of r.rebalances) expect(Number(x.skewPercent)).toBeGreaterThan(10);
    for (let i = 1; i < r.rebalances.length; i++) {
      const prev = r.rebalances[i - 1]!;
      const wait = Math.max(...prev.transfers.map((t) => t.minutes)) * 60_000;
      expect(r.rebalances[i]!.at).toBeGreaterThanOrEqual(prev.at + wait);
    }
  }, 240_000);
});
