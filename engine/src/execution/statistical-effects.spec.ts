import { describe, expect, it } from 'vitest';
import { applyStatisticalEffects, type StatisticalPlan } from './statistical-effects.js';
import type { ExecutionRecord, LegRecord } from './trade-ledger.js';

const leg = (seq: number, kind: LegRecord['kind'], filled: string): LegRecord => ({
  seq,
  kind,
  exchange: 'binance',
  symbol: 'ETH/USDT',
  side: 'buy',
  requestedAmount: '1',
  filledAmount: filled,
  avgPrice: '2000',
  quoteAmount: '0',
  fee: '0',
  feeAsset: 'USDT',
  status: 'filled',
  orderId: null,
});
const record = (...legs: LegRecord[]) => ({ botId: 'b', userId: 'u', legs }) as ExecutionRecord;
const entry: StatisticalPlan = {
  entry: {
    opportunityId: 'o',
    symbol: 'ETH/USDT',
    buyExchange: 'bybit',
    sellExchange: 'binance',
    entrySpreadBps: -180,
    meanBps: 2,
    firstSeen: 1,
  },
};

describe('statistical positions follow what the legs matched', () => {
  it('an entry that failed after a partial sell opens a position for the hedged 0.4 (the unwind sold back 0.6)', () => {
    const r = record(leg(1, 'entry', '1'), leg(2, 'entry', '0.4'), leg(3, 'unwind', '0.6'));
    applyStatisticalEffects(r, entry);
    expect(r.openPosition).toMatchObject({ opportunityId: 'o', amount: '0.4' });
  });

  it('an exit of 1 that matched 0.25 reduces the position; one that matched it all closes it; nothing matched: unchanged', () => {
    const exit: StatisticalPlan = { exitOf: 'o', exitAmount: '1' };
    const partly = record(leg(1, 'entry', '0.25'), leg(2, 'entry', '0.25'));
    applyStatisticalEffects(partly, exit);
    expect(partly.reducesPosition).toEqual({ opportunityId: 'o', amount: '0.25' });
    expect(partly.closesPosition).toBeUndefined();

    const all = record(leg(1, 'entry', '1'), leg(2, 'entry', '1'));
    applyStatisticalEffects(all, exit);
    expect(all.closesPosition).toBe('o');

    const none = record(leg(1, 'entry', '0.5'), leg(2, 'entry', '0'), leg(3, 'unwind', '0.5'));
    applyStatisticalEffects(none, exit);
    expect(none.closesPosition ?? none.reducesPosition ?? null).toBeNull();
  });
});
