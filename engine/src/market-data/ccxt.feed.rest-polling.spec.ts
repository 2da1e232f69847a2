import ccxt from 'ccxt';
import { describe, expect, it } from 'vitest';
import { BookStore } from './book-store.js';
import { CcxtFeed, type CcxtExchangeLike } from './ccxt.feed.js';
import { VirtualScheduler } from './clock.js';
import type { BookUpdate, FeedState } from './types.js';

// Mercado Bitcoin is REST only in ccxt ('mercado', rateLimit 1000 ms): the feed polls fetchOrderBook
// market by market, one request per rateLimit, and backs off exponentially on errors
// (initial 1000 ms × 2^(attempt − 1), jitter fixed at 0 here). ccxt.mercado's own REST parser reads the
// replies of its public API (GET /api/coins, GET /api/{coin}/orderbook/), served here by a subclass.
// Timeline (virtual ms): 0 USDT/BRL ✗ (wait 1000) · 1000 BTC/BRL ✗ (wait 2000) · 3000 USDT/BRL ✗
// (wait 4000) · 7000 BTC/BRL ✓ (wait 1000) · 8000 USDT/BRL ✓ · 9000 BTC/BRL ✓ …
describe('ccxt feed: REST polling (Mercado Bitcoin)', () => {
  it('polls within the rate limit, backs off on errors and reports degraded / down / up', async () => {
    const clock = new VirtualScheduler(Date.UTC(2025, 0, 2));
    const calls: { at: number; url: string }[] = [];
    let failures = 3;
    let down = false;
    class ScriptedMercado extends ccxt.mercado {
      override async fetch(url: string): Promise<unknown> {
        if (url.endsWith('/api/coins')) return ['BTC', 'USDT', 'ETH'];
        calls.push({ at: clock.now(), url });
        if (failures > 0 || down) {
          failures--;
          throw new ccxt.NetworkError('ECONNRESET');
        }
        if (url.includes('/USDT/'))
          return {
            bids: [
              [5.44, 1200],
              [5.43, 800],
            ],
            asks: [
              [5.46, 1000],
              [5.47, 500],
            ],
          };
        return { bids: [[520000, 0.1]], asks: [[521000, 0.2]] };
      }
    }
    const exchange = new ScriptedMercado({ enableRateLimit: false }) as unknown as CcxtExchangeLike;
    const feed = new CcxtFeed({
      exchanges: ['mercadobitcoin'],
      symbols: ['USDT/BRL', 'BTC/BRL', 'BTC/USDT'], // BTC/USDT is not listed on Mercado Bitcoin
      scheduler: clock,
      createExchange: async () => exchange,
      backoff: { initialMs: 1_000, factor: 2, maxMs: 30_000 },
      random: () => 0.5,
    });
    const updates: BookUpdate[] = [];
    const states: FeedState[] = [];
    feed.subscribe({ update: (u) => updates.push(u), state: (s) => states.push(s) });
    await feed.start();
    await clock.advanceAsync(9_500);

    const t0 = Date.UTC(2025, 0, 2);
    expect(calls.map((c) => [c.at - t0, c.url.split('/api/')[1]])).toEqual([
      [0, 'USDT/orderbook/'],
      [1_000, 'BTC/orderbook/'],
      [3_000, 'USDT/orderbook/'],
      [7_000, 'BTC/orderbook/'],
      [8_000, 'USDT/orderbook/'],
      [9_000, 'BTC/orderbook/'],
    ]);
    expect(feed.markets().map((m) => m.symbol)).toEqual(['USDT/BRL', 'BTC/BRL']);
    expect(updates.map((u) => u.symbol)).toEqual(['BTC/BRL', 'USDT/BRL', 'BTC/BRL']);
    const usdt = updates[1]!;
    expect(usdt).toMatchObject({
      exchange: 'mercadobitcoin',
      bids: [
        [5.44, 1200],
        [5.43, 800],
      ],
      asks: [
        [5.46, 1000],
        [5.47, 500],
      ],
    });
    expect(usdt.exchangeTs).toBe(usdt.receivedTs); // Mercado Bitcoin gives no timestamp
    const store = new BookStore();
    expect(updates.map((u) => store.apply(u)).filter((r) => typeof r === 'string')).toEqual([]);
    expect(states.map((s) => [s.status, s.reason?.replace(/:.*/, '')])).toEqual([
      ['connecting', 'Carregando mercados'],
      ['connecting', 'Conectando (REST)'],
      ['down', 'Sem dados'],
      ['degraded', '1 de 2 mercados sem dados recentes (USDT/BRL)'],
      ['up', undefined],
    ]);
    expect(states[2]!.reason).toContain('NetworkError: ECONNRESET');
    expect(feed.staleAfterMsFor('mercadobitcoin')).toBe(5_000); // max(5000, 2 × 2 markets × 1000 + 1000)

    // the API goes away: books age past 5 s → degraded, then down
    down = true;
    await clock.advanceAsync(20_000);
    const after = states.slice(5).map((s) => s.status);
    expect(after[0]).toBe('degraded');
    expect(after.at(-1)).toBe('down');
    await feed.stop();
  });
});
