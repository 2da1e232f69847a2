import { describe, expect, it } from 'vitest';
import { planRebalance, splitSkew, targetFromInitialSplit, type Holding } from './rebalance-plan.js';
import { SHIPPED_TRANSFER_FEES } from './transfer-fees.js';

const initial: Holding[] = [
  ['binance', 'BTC', '0.01'],
  ['gateio', 'BTC', '0.01'],
  ['binance', 'USDT', '500'],
  ['gateio', 'USDT', '500'],
];
// After trades that bought BTC on Binance and sold it on Gate.io.
const now: Holding[] = [
  ['binance', 'BTC', '0.018'],
  ['gateio', 'BTC', '0.002'],
  ['binance', 'USDT', '340'],
  ['gateio', 'USDT', '661'],
];
const price = (a: string) => (a === 'BTC' ? '60000' : null);

describe('rebalancing plan', () => {
  it('targets today’s total in the starting proportions', () => {
    expect(targetFromInitialSplit(now, initial)).toEqual([
      ['binance', 'BTC', '0.01'],
      ['gateio', 'BTC', '0.01'],
      ['binance', 'USDT', '500.5'],
      ['gateio', 'USDT', '500.5'],
    ]);
  });

  it('moves each surplus to the deficit on the cheapest open network, fees valued in USDT', () => {
    const plan = planRebalance(now, targetFromInitialSplit(now, initial), SHIPPED_TRANSFER_FEES, price);
    // BTC: 0.008 Binance → Gate.io; Binance's BEP20 (0.0000049 BTC) is open on both → received 0.0079951.
    // USDT: 160.5 Gate.io → Binance; Gate's BEP20 (0.5 USDT) → received 160.
    expect(
      plan.transfers.map((t) => [t.asset, t.from, t.to, t.network, t.amount, t.fee, t.received, t.feeUsdt]),
    ).toEqual([
      ['BTC', 'binance', 'gateio', 'BEP20', '0.008', '0.0000049', '0.0079951', '0.294'],
      ['USDT', 'gateio', 'binance', 'BEP20', '160.5', '0.5', '160', '0.5'],
    ]);
    // 0.0000049 × 60 000 = 0.294 USDT, + 0.5 USDT.
    expect(plan.totalFeeUsdt).toBe('0.794');
    expect(plan.minutes).toBe(5);
    expect(plan.skipped).toEqual([]);
    expect(plan.table).toMatchObject({ source: 'embarcada', asOf: '2026-11-28' });
  });

  it('lists what it cannot move instead of suggesting it', () => {
    // BNB is not listed on Mercado Bitcoin; 5 USDT is under the minimum of the cheapest route (Binance BEP20: 10).
    const plan = planRebalance(
      [
        ['binance', 'BNB', '1'],
        ['mercadobitcoin', 'BNB', '0'],
        ['binance', 'USDT', '105'],
        ['gateio', 'USDT', '95'],
      ],
      [
        ['binance', 'BNB', '0.5'],
        ['mercadobitcoin', 'BNB', '0.5'],
        ['binance', 'USDT', '100'],
        ['gateio', 'USDT', '100'],
      ],
      SHIPPED_TRANSFER_FEES,
      () => '600',
    );
    expect(plan.transfers).toEqual([]);
    expect(plan.skipped).toEqual([
      { asset: 'BNB', from: 'binance', to: 'mercadobitcoin', amount: '0.5', reason: 'sem_rota' },
      { asset: 'USDT', from: 'binance', to: 'gateio', amount: '5', reason: 'abaixo_do_minimo' },
    ]);
    expect(plan.totalFeeUsdt).toBe('0');
  });

  it('an unpriced asset is named, not counted as free', () => {
    const plan = planRebalance(now, targetFromInitialSplit(now, initial), SHIPPED_TRANSFER_FEES, () => null);
    expect(plan.unpriced).toEqual(['BTC']);
    expect(plan.totalFeeUsdt).toBe('0.5');
  });
});

describe('skew against the starting split', () => {
  it('is the share of each asset that sits on the wrong exchange', () => {
    // BTC: target 0.01 / 0.01, held 0.018 / 0.002 → 0.008 of 0.02 out of place = 40 %.
    // USDT: target 500.5 / 500.5, held 340 / 661 → 160.5 of 1001 = 16.0339… %.
    const skew = splitSkew(now, initial);
    expect(skew.map((s) => [s.asset, s.percent.toDecimalPlaces(4).toFixed()])).toEqual([
      ['BTC', '40'],
      ['USDT', '16.034'],
    ]);
    expect(splitSkew(initial, initial).every((s) => s.percent.isZero())).toBe(true);
  });
});
