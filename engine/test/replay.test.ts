import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS, type PriceGrid, type ScannerSnapshot } from '@arbitra/contracts';
import { VirtualScheduler } from '../src/market-data/clock.js';
import { recordFeed } from '../src/market-data/recorder.js';
import { SimulatedFeed } from '../src/market-data/simulated.feed.js';
import { createTestDatabase, type TestDatabase } from '../../scripts/test-support/database.js';
import { startPlatform, type TestPlatform } from '../../scripts/test-support/platform.js';

/** Records 20 s of the simulated market (instantly, on a virtual clock) as the file a user would capture. */
async function recordSimulated(file: string): Promise<number> {
  const clock = new VirtualScheduler();
  const feed = new SimulatedFeed({ seed: 7, scheduler: clock });
  let seen = 0;
  feed.subscribe({ update: () => seen++ });
  const done = recordFeed(feed, { file, durationMs: 20_000, scheduler: clock });
  // A deadline in time, not a count of 1 ms turns (each lasts longer on a busy machine).
  for (const end = Date.now() + 30_000; seen === 0 && Date.now() < end;)
    await new Promise((r) => setTimeout(r, 1));
  for (let t = 0; t < 20_000; t += 500) {
    clock.advance(500);
    await new Promise((r) => setImmediate(r));
  }
  return (await done).updates;
}

describe('MARKET_FEED=replay: the same scanner, from a recorded file', () => {
  let dir: string;
  let db: TestDatabase;
  let platform: TestPlatform;
  let socket: Socket;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'arbitra-replay-it-'));
    const file = path.join(dir, 'market.jsonl');
    expect(await recordSimulated(file)).toBeGreaterThan(1_000);
    db = await createTestDatabase();
    platform = await startPlatform({
      databaseUrl: db.url,
      env: { MARKET_FEED: 'replay', REPLAY_FILE: file, REPLAY_SPEED: 'recorded', REPLAY_LOOP: 'true' },
    });
  });

  afterAll(async () => {
    socket?.close();
    await platform?.close();
    await db?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('publishes the replayed market, marked as not live, with its prices and opportunities', async () => {
    socket = connect(platform.baseUrl, { transports: ['websocket'] });
    const grid = await new Promise<PriceGrid>((resolve) =>
      socket.on(EVENTS.marketPrices, (g: PriceGrid) => g.quotes.length >= 50 && resolve(g)),
    );
    expect(grid.source).toEqual({ kind: 'replay', simulated: true });
    const snapshot = await new Promise<ScannerSnapshot>((resolve) =>
      socket.on(EVENTS.scannerSnapshot, (s: ScannerSnapshot) => s.opportunities.length > 0 && resolve(s)),
    );
    expect(snapshot.source.kind).toBe('replay');
    const o = snapshot.opportunities[0]!;
    expect(Number(o.profitUsdt)).toBeGreaterThan(0);
  }, 60_000);
});
