import { describe, expect, it } from 'vitest';
import { BookStore } from './book-store.js';
import { CcxtFeed } from './ccxt.feed.js';
import { VirtualScheduler } from './clock.js';
import { readRestRecords, readWsRecords, recordedBinance, ReferenceBook } from './testing/recorded-venue.js';
import type { BookUpdate, FeedState, MarketSpec } from './types.js';

async function waitFor(condition: () => boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 1));
  }
}

// Real Binance traffic (2021-10-12) through ccxt.pro.binance's own parsers and order-book sync
// (REST snapshot + diff-depth stream with sequence ids), through our CcxtFeed.
// Expected values come from an independent reference: the recorded snapshot (lastUpdateId 499869752)
// with every recorded diff whose final id u > 499869752 applied in order (Binance's documented procedure).
describe('ccxt feed: Binance, recorded', () => {
  it('yields valid normalised books that match the recorded snapshot + diffs', async () => {
    const { venue, exchange } = recordedBinance();
    // the feed's clock is set to the recording's time (its books carry 2021 exchange timestamps)
    const clock = new VirtualScheduler(1_633_998_511_000);
    const feed = new CcxtFeed({
      scheduler: clock,
      exchanges: ['binance'],
      symbols: ['NKN/USDT', 'LRC/BTC', 'BTC/USDT'], // BTC/USDT is not in the 2021 recording's market list
      depth: 10,
      createExchange: async () => exchange,
      backoff: { initialMs: 5, maxMs: 20 },
    });
    const updates: BookUpdate[] = [];
    const states: FeedState[] = [];
    let specs: readonly MarketSpec[] = [];
    feed.subscribe({
      update: (u) => updates.push(u),
      state: (s) => states.push(s),
      markets: (m) => (specs = m),
    });
    await feed.start();
    await waitFor(() => venue.subscriptions() > 0);
    await new Promise((r) => setTimeout(r, 5));

    const messages = readWsRecords('BINANCE.ws.1.0');
    for (const m of messages) {
      venue.push(m.data); // all streams, as recorded: depth, bookTicker, kline, aggTrade of 4 symbols
      await new Promise((r) => setImmediate(r));
    }
    await waitFor(() => updates.filter((u) => u.symbol === 'NKN/USDT').length > 0);
    await new Promise((r) => setTimeout(r, 5));

    // markets from the recorded exchangeInfo, through ccxt's parser
    expect(specs.map((s) => s.symbol).sort()).toEqual(['LRC/BTC', 'NKN/USDT']);
    expect(specs.find((s) => s.symbol === 'NKN/USDT')).toMatchObject({
      tickSize: 0.0001,
      amountStep: 1,
      minAmount: 1,
      minNotional: 10,
    });
    expect(specs.find((s) => s.symbol === 'LRC/BTC')).toMatchObject({ tickSize: 0.00000001, amountStep: 1 });

    // every book is valid for the store (sorted, uncrossed, positive, in order)
    const store = new BookStore({ specs });
    expect(updates.map((u) => store.apply(u)).filter((r) => typeof r === 'string')).toEqual([]);

    // the final NKN/USDT book equals the independent reference
    const snapshot = JSON.parse(
      readRestRecords('BINANCE.http.0.0').find((r) => r.url.searchParams.get('symbol') === 'NKNUSDT')!.body,
    ) as {
      lastUpdateId: number;
      bids: [string, string][];
      asks: [string, string][];
    };
    // ccxt asks for Binance's 1000-level snapshot by default (the recording has exactly that request)
    expect(venue.requested.find((u) => u.includes('symbol=NKNUSDT'))).toContain('limit=1000');
    const ref = new ReferenceBook();
    ref.apply('bids', snapshot.bids);
    ref.apply('asks', snapshot.asks);
    let lastE = 0;
    for (const m of messages) {
      const msg = JSON.parse(m.data) as {
        stream: string;
        data: { u: number; E: number; b: [string, string][]; a: [string, string][] };
      };
      if (msg.stream !== 'nknusdt@depth@100ms' || msg.data.u <= snapshot.lastUpdateId) continue;
      ref.apply('bids', msg.data.b);
      ref.apply('asks', msg.data.a);
      lastE = msg.data.E;
    }
    const last = updates.filter((u) => u.symbol === 'NKN/USDT').at(-1)!;
    expect(last.exchange).toBe('binance');
    expect(last.bids).toEqual(ref.top('bids', 10));
    expect(last.asks).toEqual(ref.top('asks', 10));
    expect(last.exchangeTs).toBe(lastE); // the diff's event time E
    expect(last.receivedTs).toBe(clock.now());
    expect(last.bids[0]![0]).toBeGreaterThan(0.3);
    expect(last.bids[0]![0]).toBeLessThan(last.asks[0]![0]);
    expect(updates.filter((u) => u.symbol === 'NKN/USDT').length).toBeGreaterThan(20);
    expect(updates.filter((u) => u.symbol === 'LRC/BTC').length).toBeGreaterThan(0);

    expect(states.map((s) => s.status)).toContain('up');
    expect(feed.states()[0]).toMatchObject({ exchange: 'binance', status: 'up' });
    await feed.stop();
    await feed.stopped();
  });
});
