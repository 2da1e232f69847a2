import { describe, expect, it } from 'vitest';
import type { Opportunity } from '@arbitra/contracts';
import { twoLegOpportunity } from '../execution/testing/opportunity.js';
import type { RunningBot } from './bot-matcher.js';
import { entryJobs, type UnfundedSide } from './dispatch.js';
import { InventoryPauses } from './inventory-pauses.js';
import { StatisticalPositions } from './statistical-positions.js';

const bot = (balances: Record<string, string>): RunningBot => ({
  id: 'bot-1',
  userId: 'u',
  name: 'Bot',
  strategy: 'arbitrage',
  pairs: new Set(['BTC/USDT']),
  exchanges: new Set(['binance', 'gateio']),
  riskLevel: 'medium',
  maxInvestment: '1090',
  minProfitPercent: 0.5,
  rebalanceTransferBrl: null,
  mode: 'paper',
  balances: new Map(Object.entries(balances)),
});

const opp = (): Opportunity =>
  twoLegOpportunity({
    buy: { exchange: 'binance', price: '100', feeRate: '0.001' },
    sell: { exchange: 'gateio', price: '101', feeRate: '0.002' },
    netPercent: '0.7000',
    profitUsdt: '0.7',
    profitBrl: '3.815',
    openedAt: 1699999999990,
    firstSeen: 1700000000000,
  });

describe('entryJobs skips a direction the bot cannot fund (the runner and the backtest)', () => {
  it('no job when the sell exchange holds under 10 USDT of the base; the side is reported', () => {
    const seen: UnfundedSide[] = [];
    const jobs = entryJobs(
      [bot({ 'binance|USDT': '500', 'gateio|BTC': '0.099' })], // 0.099 × 101 = 9.999 USDT
      opp(),
      new StatisticalPositions(),
      new Set(),
      0,
      () => true,
      (_, side) => seen.push(side),
    );
    expect(jobs).toEqual([]);
    expect(seen).toEqual([
      { exchange: 'gateio', asset: 'BTC', side: 'sell', reason: 'Direção pausada: sem BTC na Gate.io' },
    ]);
  });

  it('a job when both sides can fund the minimum order (0.1 × 101 = 10.1 USDT)', () => {
    const jobs = entryJobs(
      [bot({ 'binance|USDT': '500', 'gateio|BTC': '0.1' })],
      opp(),
      new StatisticalPositions(),
      new Set(),
      0,
    );
    expect(jobs).toHaveLength(1);
  });
});

describe('InventoryPauses', () => {
  const side: UnfundedSide = {
    exchange: 'gateio',
    asset: 'BTC',
    side: 'sell',
    reason: 'Direção pausada: sem BTC na Gate.io',
  };

  it('starts a pause once, counts the skips, ends it when that balance changes, drains what changed', () => {
    const p = new InventoryPauses();
    expect(p.skip('b', side, Date.UTC(2026, 10, 28, 12))).toBe(true);
    expect(p.skip('b', side, Date.UTC(2026, 10, 28, 13))).toBe(false);
    expect(p.of('b')).toEqual([{ ...side, skipped: 2, since: '2026-11-28T12:00:00.000Z' }]);
    expect([...p.drain()]).toEqual([['b', [{ ...side, skipped: 2, since: '2026-11-28T12:00:00.000Z' }]]]);
    expect(p.drain().size).toBe(0);
    p.funded('b', 'gateio', 'USDT'); // another balance: the pause stays
    expect(p.of('b')).toHaveLength(1);
    p.funded('b', 'gateio', 'BTC');
    expect(p.of('b')).toEqual([]);
    expect([...p.drain()]).toEqual([['b', []]]); // the row is cleared
  });
});
