import { describe, expect, it } from 'vitest';
import { CrossExchangeDetector } from './cross-exchange.detector.js';
import { scenario, spec } from './testing/scenario.js';

// The top-of-book scenario (cross-exchange.top-of-book.spec.ts): buy 0.3 BTC on Binance at 100 000, sell on
// Gate.io; profit 59.7 USDT; R$ at the fallback 5.45: net R$ 325,365 on R$ 163.663,50 engaged.
// Undoing it: 0.3 BTC Binance → Gate.io on BEP20 (0.0000049 × 100 000 × 5.45 = R$ 2,6705) and the USDT
// Gate.io → Binance on BEP20 (0.5 × 5.45 = R$ 2,725): R$ 5,3955 per pair of transfers.
// Share at R$ 5.000: 0.3 × 100 000 × 5.45 = R$ 163.500 moved → 163 500 × 5.3955 ÷ 5000 = R$ 176,43285.
// After: 325.365 − 176.43285 = R$ 148,93215 → ÷ 163 663.5 = 0,090999… % → "0.0910".
describe('cross-exchange: lucro após rebalanceamento', () => {
  it('publishes each opportunity with its share of the undo transfers', () => {
    const s = scenario({
      specs: [spec('binance', 'BTC/USDT', 0.01, 0.00001), spec('gateio', 'BTC/USDT', 0.1, 0.000001)],
    });
    const cross = new CrossExchangeDetector(s.ctx);
    s.book('binance', 'BTC/USDT', [[99990, 1]], [[100000, 0.5]], [cross]);
    s.book('gateio', 'BTC/USDT', [[100500, 0.3]], [[100510, 1]], [cross]);
    const [opp] = s.registry.top(10);
    expect(opp!.rebalance).toMatchObject({
      status: 'transferencia',
      transferBrl: '5000',
      notionalBrl: '163500',
      feesBrl: '5.3955',
      capitalBrl: '163663.5',
      netBrl: '325.365',
      costBrl: '176.43285',
      afterBrl: '148.93215',
      afterPercent: '0.0910',
    });
    expect(opp!.rebalance!.transfers.map((t) => [t.asset, t.from, t.to, t.network, t.minutes])).toEqual([
      ['BTC', 'binance', 'gateio', 'BEP20', 5],
      ['USDT', 'gateio', 'binance', 'BEP20', 5],
    ]);
  });

  it('a pair no network can undo is “sem rota”, with no figure', () => {
    // Mercado Bitcoin does not list BNB on any network.
    const s = scenario({
      specs: [spec('binance', 'BNB/USDT', 0.01, 0.001), spec('mercadobitcoin', 'BNB/USDT', 0.01, 0.001)],
    });
    const cross = new CrossExchangeDetector(s.ctx);
    s.book('binance', 'BNB/USDT', [[599, 10]], [[600, 10]], [cross]);
    s.book('mercadobitcoin', 'BNB/USDT', [[610, 10]], [[611, 10]], [cross]);
    const [opp] = s.registry.top(10);
    expect(opp!.direction).toBe('binance>mercadobitcoin');
    expect(opp!.rebalance).toMatchObject({
      status: 'sem_rota',
      missing: ['BNB'],
      afterBrl: null,
      afterPct: null,
    });
  });
});
