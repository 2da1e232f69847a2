import { describe, expect, it } from 'vitest';
import { countAtLeast, mergeHistograms, routeFits, type Opportunity } from '@arbitra/contracts';
import { OpportunityHistory } from './opportunity-history.js';

const H = 3_600_000;

function opp(id: string, netPercent: string, over: Partial<Opportunity> = {}): Opportunity {
  return {
    id,
    strategy: 'arbitrage',
    exchanges: ['binance', 'bybit'],
    symbols: ['BTC/USDT'],
    direction: 'binance>bybit',
    legs: [],
    netPct: Number(netPercent),
    netPercent,
    size: '0.1',
    sizeAsset: 'BTC',
    capitalUsdt: '6000',
    profitUsdt: '1',
    profitBrl: '5.4',
    usdtBrl: '5.4',
    openedAt: 0,
    firstSeen: 0,
    lastSeen: 0,
    ageMs: 0,
    ...over,
  };
}

describe('OpportunityHistory (the rolling 24 h histogram behind the bot form line)', () => {
  it('counts each opportunity once, at its peak net %, in the bucket it closed; the open ones at their peak so far', () => {
    const t0 = Date.UTC(2026, 10, 27, 12, 0, 0);
    const h = new OpportunityHistory(t0 - 30 * H);
    // In the order they close (time only moves forward).
    // D closed 25 h ago: out of the window.
    h.opened(opp('D', '3.0000'));
    h.closed(opp('D', '3.0000'), t0 - 25 * H);
    // A: opens at 0,10 %, peaks at 0,25 %, closes at 0,05 %.
    h.opened(opp('A', '0.1000'));
    h.updated(opp('A', '0.2500'));
    h.closed(opp('A', '0.0500'), t0 - 5 * H);
    // B on ETH/USDT, 0,40 %, closed 10 minutes ago.
    h.opened(opp('B', '0.4000', { symbols: ['ETH/USDT'] }));
    h.closed(opp('B', '0.4000', { symbols: ['ETH/USDT'] }), t0 - 10 * 60_000);
    // C still open at 0,12 %.
    h.opened(opp('C', '0.1200'));
    // A cross pair only (no bot pair): not counted.
    h.opened(opp('E', '1.0000', { symbols: ['ETH/BTC'] }));

    const s = h.summary(t0);
    const btc = { strategy: 'arbitrage' as const, pairs: ['BTC/USDT'], exchanges: ['binance', 'bybit'] };
    const all = { ...btc, pairs: ['BTC/USDT', 'ETH/USDT'] };
    const pick = (f: typeof btc, k: 'day' | 'hour') =>
      mergeHistograms(s.routes.filter((r) => routeFits(r, f)).map((r) => r[k]));
    // By hand: day BTC = {A 0,25, C 0,12}; day all = + B 0,40; hour = C (open) + B.
    expect(pick(btc, 'day')).toEqual([
      [12, 1],
      [25, 1],
    ]);
    expect(pick(all, 'day')).toEqual([
      [12, 1],
      [25, 1],
      [40, 1],
    ]);
    expect(pick(all, 'hour')).toEqual([
      [12, 1],
      [40, 1],
    ]);
    expect(countAtLeast(pick(all, 'day'), 0.25)).toBe(2);
    expect(countAtLeast(pick(all, 'day'), 3)).toBe(0);
    expect(s.routes.some((r) => r.pairs.length === 0)).toBe(false);
  });

  it('keeps a few counters, not one row per opportunity', () => {
    const t0 = Date.UTC(2026, 10, 27, 0, 0, 0);
    const h = new OpportunityHistory(t0);
    for (let i = 0; i < 100_000; i++) {
      const o = opp(`o${i}`, (0.01 * (i % 50)).toFixed(4));
      h.opened(o);
      h.closed(o, t0 + i * 1_000); // ~28 h of them
    }
    const s = h.summary(t0 + 100_000 * 1_000);
    expect(s.routes).toHaveLength(1);
    expect(s.routes[0]!.day.length).toBeLessThanOrEqual(50);
    // Only the last 24 h (plus at most one 10-minute bucket at the edge): 86 400 to 87 000 of them.
    const n = s.routes[0]!.day.reduce((a, [, c]) => a + c, 0);
    expect(n).toBeGreaterThanOrEqual(86_400);
    expect(n).toBeLessThanOrEqual(87_000);
  });
});
