import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { realScheduler } from './clock.js';
import { ReplayFeed } from './replay.feed.js';
import { writeRecordedBooks } from './testing/recorded-books.js';

const dir = await mkdtemp(join(tmpdir(), 'arbitra-replay-speed-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

// Five books recorded 100 ms apart (receivedTs), replayed at speed 2 → about 50 ms apart, rebased to now:
// receivedTs = replay time; exchangeTs keeps the recorded 5 ms lag (scaled: 2.5 ms).
describe('replay: recorded speed', () => {
  it('paces updates like the recording (scaled by the speed) and rebases the timestamps', async () => {
    const t0 = 1_600_000_000_000;
    const file = await writeRecordedBooks(dir, 'paced.jsonl', 5, t0);
    const replay = new ReplayFeed({ file, speed: 2, scheduler: realScheduler });
    const got: { at: number; exchangeTs: number; receivedTs: number }[] = [];
    replay.subscribe({
      update: (u) =>
        got.push({ at: realScheduler.now(), exchangeTs: u.exchangeTs, receivedTs: u.receivedTs }),
    });
    const started = realScheduler.now();
    await replay.start();
    await replay.finished;
    expect(got).toHaveLength(5);
    const span = got[4]!.at - got[0]!.at;
    expect(span).toBeGreaterThanOrEqual(195); // 4 gaps × 50 ms (timers never fire early)
    expect(span).toBeLessThan(5_000); // paced, not the recording's own minutes; generous for a busy machine
    for (const g of got) {
      expect(g.receivedTs).toBeGreaterThanOrEqual(started);
      expect(g.receivedTs - g.exchangeTs).toBeGreaterThan(0);
    }
    for (let i = 1; i < 5; i++) expect(got[i]!.exchangeTs - got[i - 1]!.exchangeTs).toBeCloseTo(50, 6);
    // its market time runs at the recording's pace: 100 ms between the books, as recorded, from the replay's start
    const market = replay.marketClock;
    expect(market.speed).toBe(2);
    for (let i = 1; i < 5; i++)
      expect(market.toMarket(got[i]!.exchangeTs) - market.toMarket(got[i - 1]!.exchangeTs)).toBeCloseTo(
        100,
        6,
      );
    expect(market.toLocal(market.toMarket(got[3]!.receivedTs))).toBeCloseTo(got[3]!.receivedTs, 6);
    expect(Math.abs(market.toMarket(started) - started)).toBeLessThan(1_000);
  });

  it('stops at once, even in the middle of a long gap of the recording', async () => {
    const t0 = 1_600_000_000_000;
    const line = (i: number) =>
      JSON.stringify({
        type: 'book',
        exchange: 'bybit',
        symbol: 'ETH/USDT',
        bids: [[100, 1]],
        asks: [[101, 1]],
        exchangeTs: t0 + i * 60_000,
        receivedTs: t0 + i * 60_000,
      });
    const file = join(dir, 'gap.jsonl');
    await writeFile(file, `${line(0)}\n${line(1)}\n`);
    const replay = new ReplayFeed({ file, speed: 'recorded' });
    let n = 0;
    replay.subscribe({ update: () => n++ });
    await replay.start();
    while (n === 0) await new Promise((r) => setTimeout(r, 1));
    const before = realScheduler.now();
    await replay.stop(); // the next book is a minute away
    expect(realScheduler.now() - before).toBeLessThan(5_000); // not the minute the gap lasts
    expect(n).toBe(1);
  });
});
