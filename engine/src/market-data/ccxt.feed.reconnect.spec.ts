import { describe, expect, it } from 'vitest';
import { CcxtFeed } from './ccxt.feed.js';
import { VirtualScheduler } from './clock.js';
import { readWsRecords, recordedBinance } from './testing/recorded-venue.js';
import type { BookUpdate, FeedState } from './types.js';

async function waitFor(condition: () => boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 1));
  }
}

// Binance (recorded) through ccxt.pro: a dropped connection and a sequence gap.
// Backoff: 1000 ms × 2^(attempt − 1), jitter fixed at 0. Virtual clock at the recording's time.
// 1. 40 recorded messages → books → 'up'.
// 2. The connection drops → 'degraded' (books still fresh, resynchronising); nothing for 1000 ms; then a
//    new connection and a new SUBSCRIBE; ccxt refetches the snapshot → a book → 'up' again.
// 3. The next recorded diffs no longer follow that (2021) snapshot's sequence (U − 1 ≠ lastUpdateId):
//    ccxt throws ChecksumError → 'degraded' again → resubscribe after the backoff.
// 4. No book for longer than 5 s → 'down'.
describe('ccxt feed: reconnect and resync (Binance, recorded)', () => {
  it('reconnects with backoff after a drop and resubscribes after a sequence gap', async () => {
    const { venue, exchange } = recordedBinance();
    const clock = new VirtualScheduler(1_633_998_511_000);
    const feed = new CcxtFeed({
      exchanges: ['binance'],
      symbols: ['NKN/USDT'],
      scheduler: clock,
      createExchange: async () => exchange,
      backoff: { initialMs: 1_000, factor: 2, maxMs: 10_000 },
      random: () => 0.5,
    });
    const updates: BookUpdate[] = [];
    const states: FeedState[] = [];
    feed.subscribe({ update: (u) => updates.push(u), state: (s) => states.push(s) });
    await feed.start();
    await waitFor(() => venue.subscriptions() === 1);
    await new Promise((r) => setTimeout(r, 5));
    const depth = readWsRecords('BINANCE.ws.1.0').filter((m) => m.data.includes('"nknusdt@depth@100ms"'));
    for (const m of depth.slice(0, 40)) {
      venue.push(m.data);
      await new Promise((r) => setImmediate(r));
    }
    expect(feed.states()[0]!.status).toBe('up');
    const before = updates.length;

    // 2. connection drop
    venue.drop();
    await waitFor(() => feed.states()[0]!.status === 'degraded');
    expect(feed.states()[0]!.reason).toContain('NetworkError');
    await clock.advanceAsync(900);
    await new Promise((r) => setTimeout(r, 5));
    expect(venue.subscriptions()).toBe(1); // still waiting out the backoff
    await clock.advanceAsync(200);
    await waitFor(() => venue.subscriptions() === 2 && updates.length > before);
    expect(venue.openConnections).toBe(1); // a new connection
    expect(feed.states()[0]!.status).toBe('up');

    // 3. sequence gap: diffs that do not follow the refetched snapshot
    for (const m of depth.slice(60, 62)) {
      venue.push(m.data);
      await new Promise((r) => setImmediate(r));
    }
    await waitFor(() => feed.states()[0]!.status === 'degraded');
    expect(feed.states()[0]!.reason).toContain('ChecksumError');
    await clock.advanceAsync(1_100);
    await waitFor(() => venue.subscriptions() === 3);

    // 4. silence: stale → down
    await clock.advanceAsync(7_000);
    expect(feed.states()[0]!.status).toBe('down');
    expect(states.map((s) => s.status)).toEqual(
      expect.arrayContaining(['connecting', 'up', 'degraded', 'down']),
    );
    await feed.stop();
  });
});
