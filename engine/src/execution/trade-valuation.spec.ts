import { describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import { tradeBrlFigures } from '@arbitra/contracts';
import { BNB_TRIANGLE, bnbTriangleContext } from './testing/bnb-fee-triangle.js';
import { assertProfit, quoteDelta } from './trade-ledger.js';
import { executeTriangular } from './triangular.executor.js';

const bot = { id: 'b', userId: 'u', name: 'Tri', strategy: 'triangular' as const, mode: 'live' as const };

describe('a trade’s profit: every asset it changed, fees in any asset (issue 25)', () => {
  it('counts the BTC a triangular cycle leaves and the fees paid in BNB (two currencies on one order)', async () => {
    const out = await executeTriangular(bnbTriangleContext(bot));
    if (out.kind !== 'executed') throw new Error(out.reason);
    const r = out.record;
    expect(r.status).toBe('completed');
    // hand computation in testing/bnb-fee-triangle.ts
    expect(r.profit).toBe(BNB_TRIANGLE.profit);
    expect(quoteDelta(r.deltas).toFixed()).toBe(BNB_TRIANGLE.usdtChange); // the old profit: USDT alone
    const sum = (asset: string) =>
      r.deltas
        .filter((d) => d.asset === asset)
        .reduce((s, d) => s.plus(d.delta), new Decimal(0))
        .toFixed();
    expect(Object.fromEntries(['USDT', 'BTC', 'ETH', 'BNB'].map((a) => [a, sum(a)]))).toEqual(
      BNB_TRIANGLE.deltas,
    );
    expect(r.marks).toEqual({ BNB: '600' });
    expect(r.legs[0]).toMatchObject({
      fee: '0.0015',
      feeAsset: 'BNB',
      otherFees: [{ cost: '0.000001', currency: 'BTC' }],
    });
    expect(tradeBrlFigures(r).feesBrl).toBe(BNB_TRIANGLE.feesBrl);
    expect(() => assertProfit(r)).not.toThrow();
    expect(() => assertProfit({ ...r, profit: BNB_TRIANGLE.usdtChange })).toThrow(/ledger/);
  });

  it('leaves out an asset it has no price for, and says so by not marking it', async () => {
    const ctx = { ...bnbTriangleContext(bot), markUsdt: () => null };
    const out = await executeTriangular(ctx);
    if (out.kind !== 'executed') throw new Error(out.reason);
    // 3.481515 + 1.4 (the BNB has no price of that moment)
    expect(out.record.profit).toBe('4.881515');
    expect(out.record.marks).toBeUndefined();
  });
});
