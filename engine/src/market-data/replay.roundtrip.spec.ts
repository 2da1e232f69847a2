import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BookStore } from './book-store.js';
import { VirtualScheduler } from './clock.js';
import { recordFeed } from './recorder.js';
import { ReplayFeed } from './replay.feed.js';
import { SimulatedFeed } from './simulated.feed.js';
import type { BookUpdate, MarketSpec } from './types.js';

const dir = await mkdtemp(join(tmpdir(), 'arbitra-replay-'));

/** Waits (real event-loop turns, for file I/O) until the condition holds, up to a generous deadline. */
async function until(condition: () => boolean, ms = 30_000): Promise<void> {
  for (const end = Date.now() + ms; !condition() && Date.now() < end;)
    await new Promise((r) => setTimeout(r, 1));
}
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('replay: record then replay', () => {
  it('replays exactly what was recorded (fast, original timestamps), markets and BRL books included', async () => {
    const file = join(dir, 'sim.jsonl');
    const clock = new VirtualScheduler();
    const sim = new SimulatedFeed({ seed: 3, scheduler: clock });
    const recorded: BookUpdate[] = [];
    sim.subscribe({ update: (u) => recorded.push(u) });
    const done = recordFeed(sim, { file, durationMs: 3_000, scheduler: clock });
    await until(() => recorded.length > 0); // the recorder has opened its file and started the feed
    clock.advance(3_000);
    const { updates } = await done;
    expect(updates).toBe(recorded.length);
    expect(updates).toBeGreaterThan(300);

    const lines = (await readFile(file, 'utf8')).trim().split('\n');
    expect(JSON.parse(lines[0]!)).toMatchObject({
      type: 'meta',
      version: 1,
      source: 'simulated',
      simulated: true,
    });
    expect(JSON.parse(lines[1]!)).toMatchObject({ type: 'markets' });

    const replay = new ReplayFeed({ file, speed: 'fast', rebase: false });
    const replayed: BookUpdate[] = [];
    let markets: readonly MarketSpec[] = [];
    replay.subscribe({ update: (u) => replayed.push(u), markets: (m) => (markets = m) });
    await replay.start();
    const result = await replay.finished;
    expect(result).toMatchObject({ updates, malformed: 0, passes: 1 });
    expect(replayed).toEqual(recorded);
    expect(replay.simulated).toBe(true);
    expect(markets.length).toBe(sim.markets().length);
    // the BRL books (issue 15) travel like any other: Mercado Bitcoin's and Binance's, with their precision
    const brl = (u: BookUpdate) => u.symbol.endsWith('/BRL');
    expect(new Set(replayed.filter(brl).map((u) => `${u.exchange}:${u.symbol}`))).toContain(
      'mercadobitcoin:BTC/BRL',
    );
    expect(new Set(replayed.filter(brl).map((u) => u.exchange))).toEqual(
      new Set(['binance', 'mercadobitcoin']),
    );
    expect(markets.find((m) => m.exchange === 'binance' && m.symbol === 'BTC/BRL')).toMatchObject({
      quote: 'BRL',
      tickSize: 1,
      minNotional: 10,
    });
    expect(replay.states().every((s) => s.status === 'down' && s.reason === 'Fim da gravação')).toBe(true);
  });

  it('loops with time moving forward, so the store accepts every pass', async () => {
    const file = join(dir, 'loop.jsonl');
    const clock = new VirtualScheduler();
    const sim = new SimulatedFeed({ seed: 4, scheduler: clock, exchanges: ['binance'] });
    let seen = 0;
    sim.subscribe({ update: () => seen++ });
    const done = recordFeed(sim, { file, durationMs: 1_000, scheduler: clock });
    await until(() => seen > 0);
    clock.advance(1_000);
    const { updates } = await done;

    const replay = new ReplayFeed({ file, speed: 'fast', loop: true, scheduler: clock });
    const store = new BookStore();
    let n = 0;
    const rejected: string[] = [];
    replay.subscribe({
      update: (u) => {
        const r = store.apply(u);
        if (typeof r === 'string') rejected.push(r);
        if (++n === updates * 3) void replay.stop();
      },
    });
    await replay.start();
    const result = await replay.finished;
    expect(result.passes).toBeGreaterThanOrEqual(3);
    expect(rejected).toEqual([]);
  });
});
