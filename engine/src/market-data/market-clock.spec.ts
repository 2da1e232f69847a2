import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PacedMarketClock } from './market-clock.js';
import { ReplayFeed } from './replay.feed.js';
import { writeRecordedBooks } from './testing/recorded-books.js';

const dir = await mkdtemp(join(tmpdir(), 'arbitra-paced-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

const busy = (ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    /* a loaded machine's work */
  }
};

describe('PacedMarketClock: a fast-forwarded market that never runs ahead of the engine', () => {
  it('stands still while held, however long the work takes; runs speed× once released', async () => {
    const clock = new PacedMarketClock(20, undefined, Date.now(), Infinity);
    clock.hold('job');
    const t = clock.now();
    busy(30);
    await new Promise((r) => setTimeout(r, 20));
    expect(clock.now()).toBe(t);
    clock.release('job');
    await new Promise((r) => setTimeout(r, 30));
    expect(clock.now()).toBeGreaterThanOrEqual(t + 20 * 30);
  });

  it('never runs past a waiter: it is given exactly its moment, and held again with its key', async () => {
    const clock = new PacedMarketClock(20, undefined, Date.now(), Infinity);
    clock.hold('job');
    const t = clock.now();
    const seen: number[] = [];
    const arrived = clock.until(t + 200, 'job').then(() => seen.push(clock.now()));
    busy(40); // a late event loop: 800 ms of market at 20×, were it not waited for
    await arrived;
    expect(seen).toEqual([t + 200]);
    // held again: its work after the arrival takes no market time
    busy(20);
    await new Promise((r) => setTimeout(r, 20));
    expect(clock.now()).toBe(t + 200);
    clock.release('job');
  });

  it('legs sent in one turn leave at one market moment; the work is held again once both arrived', async () => {
    const clock = new PacedMarketClock(20, undefined, Date.now(), Infinity);
    clock.hold('job');
    const t = clock.now();
    busy(2); // the turn goes on after the first leg's wait began
    const arrivals = await Promise.all([
      clock.until(clock.now() + 100, 'job').then(() => clock.now()),
      clock.until(clock.now() + 100, 'job').then(() => clock.now()),
    ]);
    expect(arrivals).toEqual([t + 100, t + 100]);
    await new Promise((r) => setTimeout(r, 20));
    expect(clock.now()).toBe(t + 100);
    clock.release('job');
  });

  it('another hold keeps the market still while a waiter waits', async () => {
    const clock = new PacedMarketClock(20, undefined, Date.now(), Infinity);
    clock.hold('other');
    const t = clock.now();
    let arrived = false;
    void clock.until(t + 50, 'job').then(() => (arrived = true));
    await new Promise((r) => setTimeout(r, 30));
    expect(arrived).toBe(false);
    expect(clock.now()).toBe(t);
    clock.release('other');
    await new Promise((r) => setTimeout(r, 30));
    expect(arrived).toBe(true);
    expect(clock.now()).toBe(t + 50); // held again by the waiter at its moment
    clock.release('job');
  });
});

describe('a paced replay: each book at exactly its recorded market time, whatever the engine takes over it', () => {
  it('hands books over 100 ms of market apart as recorded though the engine holds the market over some of them', async () => {
    const t0 = 1_600_000_000_000;
    const file = await writeRecordedBooks(dir, 'paced.jsonl', 6, t0);
    const replay = new ReplayFeed({ file, speed: 20, paced: true });
    const market = replay.marketClock;
    const got: { market: number; exchangeLag: number }[] = [];
    replay.subscribe({
      update: (u) => {
        // stamped in market time (the scanner runs on it), the exchange's stamp its recorded 5 ms before
        got.push({ market: u.receivedTs, exchangeLag: u.receivedTs - u.exchangeTs });
        expect(market.books).toBe('market');
        expect(u.receivedTs).toBe(market.now());
        if (got.length % 2 === 0) {
          // a detection: its job holds the market over 40 ms of a loaded machine (800 ms of market at 20×)
          const key = `job${got.length}`;
          market.hold(key);
          busy(40);
          setTimeout(() => market.release(key), 10);
        }
      },
    });
    await replay.start();
    await replay.finished;
    expect(got).toHaveLength(6);
    for (let i = 1; i < 6; i++) expect(got[i]!.market - got[i - 1]!.market).toBe(100);
    for (const g of got) expect(g.exchangeLag).toBeCloseTo(5, 6);
  });
});

describe('a paced replay hands a moment over whole', () => {
  it("gives a moment's books one after another, with nothing run between them, though the file is read in pieces", async () => {
    // Two moments 100 ms apart, three books each of ~40 KB (the reader gets the file 64 KB at a time, so a moment
    // spans pieces and the reader waits on the file inside it). Whatever runs between two books of a moment (an
    // execution reading the books) would see half of it; a backtest over the recording sees it whole.
    const t0 = 1_600_000_000_000;
    const levels = Array.from({ length: 1_500 }, (_, i) => [100 + i / 1000, 1]);
    const lines = [0, 0, 0, 100, 100, 100].map((dt, i) =>
      JSON.stringify({
        type: 'book',
        exchange: (['binance', 'bybit', 'gateio'] as const)[i % 3],
        symbol: 'BTC/USDT',
        bids: levels,
        asks: levels.map(([p, a]) => [p! + 10, a]),
        exchangeTs: t0 + dt - 5,
        receivedTs: t0 + dt,
      }),
    );
    const file = join(dir, 'moments.jsonl');
    await writeFile(file, lines.join('\n') + '\n');
    const replay = new ReplayFeed({ file, speed: 20, paced: true });
    let books = 0;
    const between: number[] = [];
    replay.subscribe({
      update: () => {
        books++;
        if (books % 3 === 1) setImmediate(() => between.push(books));
      },
    });
    await replay.start();
    await replay.finished;
    await new Promise((r) => setImmediate(r));
    expect(books).toBe(6);
    expect(between).toEqual([3, 6]);
  });
});
