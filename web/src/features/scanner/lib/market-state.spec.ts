import { describe, expect, it } from 'vitest';
import {
  arbitrage,
  FEEDS,
  marketSnapshot,
  priceGrid,
  scannerSnapshot,
  statistical,
  T0,
  triangular,
} from '../testing/fixtures';
import {
  applyDelta,
  applyFeeds,
  applyMarketSnapshot,
  applyPrices,
  applySnapshot,
  applyStats,
  bestOpportunities,
  EMPTY_MARKET_STATE,
  marketSource,
  PRICE_HISTORY_MAX_POINTS,
  publicOpportunities,
  resetLive,
  serverNow,
} from './market-state';

const ids = (list: { id: string }[]) => list.map((o) => o.id).sort();

describe('scanner snapshot', () => {
  it('replaces the public top list, and ignores an older one', () => {
    let s = applySnapshot(EMPTY_MARKET_STATE, scannerSnapshot([arbitrage(), triangular()]));
    expect(ids(publicOpportunities(s))).toEqual(ids([arbitrage(), triangular()]));

    s = applySnapshot(s, scannerSnapshot([statistical()], { at: T0 + 3_000 }));
    expect(ids(publicOpportunities(s))).toEqual([statistical().id]);

    const older = applySnapshot(s, scannerSnapshot([arbitrage()], { at: T0 + 1_000 }));
    expect(ids(publicOpportunities(older))).toEqual([statistical().id]);
  });

  it('leaves the real-time book alone for visitors and Básico (no delta, no book)', () => {
    const s = applySnapshot(EMPTY_MARKET_STATE, scannerSnapshot([arbitrage()]));
    expect(s.live).toBeNull();
    expect(bestOpportunities(s)).toEqual(publicOpportunities(s));
  });
});

describe('scanner delta (real time)', () => {
  it('seeds the book from the top list, then upserts and removes', () => {
    let s = applySnapshot(
      EMPTY_MARKET_STATE,
      scannerSnapshot([arbitrage(), triangular()], { activeCount: 40 }),
    );
    const changed = arbitrage({ netPct: 0.2, netPercent: '0.2000', lastSeen: T0 + 500 });
    s = applyDelta(s, { at: T0 + 500, upserts: [changed, statistical()], removed: [triangular().id] });

    expect(ids(bestOpportunities(s))).toEqual(ids([arbitrage(), statistical()]));
    expect(s.live?.byId[arbitrage().id]?.netPercent).toBe('0.2000');
    // The public top list is what the last snapshot said, untouched by deltas.
    expect(ids(publicOpportunities(s))).toEqual(ids([arbitrage(), triangular()]));
  });

  it('does not let an older snapshot bring back a removed opportunity or undo a newer change', () => {
    let s = applySnapshot(
      EMPTY_MARKET_STATE,
      scannerSnapshot([arbitrage(), triangular()], { activeCount: 30 }),
    );
    s = applyDelta(s, {
      at: T0 + 2_000,
      upserts: [arbitrage({ netPercent: '0.3000', netPct: 0.3 })],
      removed: [triangular().id],
    });
    // Published at T0 + 1 s, delivered after the delta.
    s = applySnapshot(s, scannerSnapshot([arbitrage(), triangular()], { at: T0 + 1_000, activeCount: 30 }));
    expect(ids(bestOpportunities(s))).toEqual([arbitrage().id]);
    expect(s.live?.byId[arbitrage().id]?.netPercent).toBe('0.3000');
  });

  it('prunes, on a complete snapshot, what the deltas failed to remove', () => {
    let s = applyDelta(EMPTY_MARKET_STATE, { at: T0, upserts: [arbitrage(), triangular()], removed: [] });
    s = applySnapshot(s, scannerSnapshot([arbitrage()], { at: T0 + 3_000, activeCount: 1 }));
    expect(ids(bestOpportunities(s))).toEqual([arbitrage().id]);
  });

  it('keeps, on an incomplete snapshot, the live ones ranked below the top list', () => {
    let s = applyDelta(EMPTY_MARKET_STATE, { at: T0, upserts: [arbitrage(), triangular()], removed: [] });
    s = applySnapshot(s, scannerSnapshot([arbitrage()], { at: T0 + 3_000, activeCount: 25 }));
    expect(ids(bestOpportunities(s))).toEqual(ids([arbitrage(), triangular()]));
  });

  it('forgets the book after a reconnection', () => {
    const s = applyDelta(EMPTY_MARKET_STATE, { at: T0, upserts: [arbitrage()], removed: [] });
    expect(resetLive(s).live).toBeNull();
  });
});

describe('prices', () => {
  it('replaces the grid and adds one mid point per fresh quote to each symbol history', () => {
    const s = applyPrices(EMPTY_MARKET_STATE, priceGrid(T0));
    expect(s.prices?.at).toBe(T0);
    expect(s.history['BTC/USDT']).toEqual([{ t: T0, mids: { binance: 64000.5, gateio: 64300 } }]);
    // The stale mexc quote is left out of the chart.
    expect(s.history['BTC/USDT']?.[0]?.mids.mexc).toBeUndefined();
    expect(s.history['ETH/BTC']).toEqual([{ t: T0, mids: { binance: 0.04995 } }]);
  });

  it('ignores a grid that is not newer', () => {
    const s = applyPrices(applyPrices(EMPTY_MARKET_STATE, priceGrid(T0 + 1_000)), priceGrid(T0));
    expect(s.prices?.at).toBe(T0 + 1_000);
    expect(s.history['BTC/USDT']).toHaveLength(1);
  });

  it('keeps a bounded ring: at most 300 points and 5 minutes', () => {
    let s = EMPTY_MARKET_STATE;
    for (let i = 0; i < 400; i++) s = applyPrices(s, priceGrid(T0 + i * 500));
    const ring = s.history['BTC/USDT'] ?? [];
    expect(ring).toHaveLength(PRICE_HISTORY_MAX_POINTS);
    expect(ring[ring.length - 1]?.t).toBe(T0 + 399 * 500);

    let slow = EMPTY_MARKET_STATE;
    for (let i = 0; i < 10; i++) slow = applyPrices(slow, priceGrid(T0 + i * 60_000));
    const times = (slow.history['BTC/USDT'] ?? []).map((p) => p.t);
    expect(times[0]).toBe(T0 + 4 * 60_000);
    expect(times).toHaveLength(6);
  });
});

describe('feeds and stats', () => {
  it('merges feed states per exchange, the one that began last winning', () => {
    let s = applyFeeds(EMPTY_MARKET_STATE, FEEDS);
    s = applyFeeds(s, [{ exchange: 'bybit', status: 'up', reason: null, since: T0 + 1_000 }]);
    expect(s.feeds.find((f) => f.exchange === 'bybit')?.status).toBe('up');
    expect(s.feeds).toHaveLength(5);
    const unchanged = applyFeeds(s, [{ exchange: 'bybit', status: 'down', reason: 'x', since: T0 - 1 }]);
    expect(unchanged).toBe(s);
  });

  it('replaces the stats unless older', () => {
    const s = applyStats(EMPTY_MARKET_STATE, { ...marketSnapshot().stats!, at: T0 + 3_000 });
    expect(applyStats(s, marketSnapshot().stats!).stats?.at).toBe(T0 + 3_000);
  });
});

describe('the REST snapshot', () => {
  it('fills an empty cache', () => {
    const s = applyMarketSnapshot(EMPTY_MARKET_STATE, marketSnapshot());
    expect(publicOpportunities(s)).toHaveLength(3);
    expect(s.prices?.at).toBe(T0);
    expect(s.feeds).toHaveLength(5);
    expect(s.stats?.pairsWatched).toBe(10);
    expect(marketSource(s)).toEqual({ kind: 'simulated', simulated: true });
  });

  it('does not overwrite newer live events that arrived before it', () => {
    let s = applySnapshot(EMPTY_MARKET_STATE, scannerSnapshot([statistical()], { at: T0 + 3_000 }));
    s = applyPrices(s, priceGrid(T0 + 2_000));
    s = applyMarketSnapshot(s, marketSnapshot());
    expect(ids(publicOpportunities(s))).toEqual([statistical().id]);
    expect(s.prices?.at).toBe(T0 + 2_000);
  });

  it('is all null before the engine has reported', () => {
    const s = applyMarketSnapshot(EMPTY_MARKET_STATE, {
      scanner: null,
      prices: null,
      feeds: [],
      stats: null,
    });
    expect(s).toEqual(EMPTY_MARKET_STATE);
    expect(marketSource(s)).toBeNull();
  });
});

describe('serverNow', () => {
  it('estimates the server clock from the live events (least delayed sample)', () => {
    // This browser's clock runs 10 s ahead; the events took 40 ms and 15 ms to arrive.
    let s = applyPrices(EMPTY_MARKET_STATE, priceGrid(T0), T0 + 10_040);
    s = applySnapshot(s, scannerSnapshot([arbitrage()], { at: T0 + 1_000 }), T0 + 11_015);
    expect(serverNow(s, T0 + 12_000)).toBe(T0 + 12_000 - 10_015);
    expect(serverNow(EMPTY_MARKET_STATE, 123)).toBe(123);
  });
});
