import { describe, expect, it } from 'vitest';
import { BookStore } from './book-store.js';
import { CcxtFeed } from './ccxt.feed.js';
import { VirtualScheduler } from './clock.js';
import { readRestRecords, readWsRecords, recordedGate, ReferenceBook } from './testing/recorded-venue.js';
import type { BookUpdate, MarketSpec } from './types.js';

async function waitFor(condition: () => boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 1));
  }
}

interface GateUpdate {
  channel: string;
  event: string;
  result: { s: string; t: number; U: number; u: number; b: [string, string][]; a: [string, string][] };
}

// Real Gate.io traffic (2021-04-22) through ccxt's Gate order-book code (snapshot with id, cached diffs,
// U/u sequence check), through our CcxtFeed. Reference: the recorded snapshot (NEO_BTC id 31244065,
// OMG_USDT id 59231869) plus every recorded diff with u > id, applied in order.
describe('ccxt feed: Gate.io, recorded', () => {
  it('yields books that match the recorded snapshots + diffs, with Gate timestamps', async () => {
    const { venue, exchange } = recordedGate();
    const clock = new VirtualScheduler(1_619_093_531_000);
    const feed = new CcxtFeed({
      exchanges: ['gateio'],
      symbols: ['NEO/BTC', 'OMG/USDT'],
      depth: 10,
      scheduler: clock,
      createExchange: async () => exchange,
    });
    const updates: BookUpdate[] = [];
    let specs: readonly MarketSpec[] = [];
    feed.subscribe({ update: (u) => updates.push(u), markets: (m) => (specs = m) });
    await feed.start();
    await waitFor(() => venue.subscriptions() >= 2);
    await new Promise((r) => setTimeout(r, 5));
    const messages = readWsRecords('GATEIO.ws.1.0');
    let delivered = 0;
    for (const m of messages) {
      delivered += venue.push(m.data);
      await new Promise((r) => setImmediate(r));
    }
    await new Promise((r) => setTimeout(r, 5));
    expect(delivered).toBe(39 + 51); // only the subscribed order-book channels reach the client

    expect(specs.find((s) => s.symbol === 'NEO/BTC')).toMatchObject({
      tickSize: 0.0000001,
      amountStep: 0.001,
      minAmount: 0.001,
    });
    const store = new BookStore({ specs });
    expect(updates.map((u) => store.apply(u)).filter((r) => typeof r === 'string')).toEqual([]);

    for (const [symbol, pair] of [
      ['NEO/BTC', 'NEO_BTC'],
      ['OMG/USDT', 'OMG_USDT'],
    ] as const) {
      const snap = JSON.parse(
        readRestRecords('GATEIO.http.0.0').find((r) => r.url.searchParams.get('currency_pair') === pair)!
          .body,
      ) as {
        id: number;
        bids: [string, string][];
        asks: [string, string][];
      };
      // ccxt asked for its default snapshot depth (limit=50 for Gate spot); the venue, like Gate, returns that many
      const limit = Number(
        new URL(venue.requested.find((u) => u.includes(`currency_pair=${pair}`))!).searchParams.get('limit'),
      );
      expect(limit).toBe(50);
      const ref = new ReferenceBook();
      ref.apply('bids', snap.bids.slice(0, limit));
      ref.apply('asks', snap.asks.slice(0, limit));
      let lastT = 0;
      for (const m of messages) {
        const msg = JSON.parse(m.data) as GateUpdate;
        if (
          msg.channel !== 'spot.order_book_update' ||
          msg.event !== 'update' ||
          msg.result.s !== pair ||
          msg.result.u <= snap.id
        )
          continue;
        ref.apply('bids', msg.result.b);
        ref.apply('asks', msg.result.a);
        lastT = msg.result.t;
      }
      const last = updates.filter((u) => u.symbol === symbol).at(-1)!;
      expect(last.bids, symbol).toEqual(ref.top('bids', 10));
      expect(last.asks, symbol).toEqual(ref.top('asks', 10));
      expect(last.exchangeTs).toBe(lastT);
    }
    expect(feed.states()[0]!.status).toBe('up');
    await feed.stop();
  });
});
