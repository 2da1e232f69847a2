import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ArbitrageScanner } from '../arbitrage/scanner.js';
import { VirtualScheduler } from './clock.js';
import { ReplayFeed } from './replay.feed.js';

const dir = await mkdtemp(join(tmpdir(), 'arbitra-replay-bad-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

// A damaged recording: garbage, a crossed book, a NaN written as null, an out-of-order book, an unknown
// record type and valid books. Bad lines are counted and skipped; the replay goes on.
describe('replay: bad lines', () => {
  it('counts malformed and invalid records and keeps replaying', async () => {
    const t = 1_700_000_000_000;
    const book = (bid: number, ask: number, ts: number, extra: object = {}) =>
      JSON.stringify({
        type: 'book',
        exchange: 'gateio',
        symbol: 'ETH/USDT',
        bids: [[bid, 1]],
        asks: [[ask, 1]],
        exchangeTs: ts,
        receivedTs: ts + 3,
        ...extra,
      });
    const file = join(dir, 'bad.jsonl');
    await writeFile(
      file,
      [
        book(3000, 3001, t),
        '{not json',
        '[1,2,3]',
        book(3002, 3001, t + 10), // crossed
        book(3000, 3001, t + 20, { bids: [[null, 1]] }), // NaN does not survive JSON: null price
        book(3000, 3001, t - 50), // out of order
        JSON.stringify({ type: 'comment', text: 'ignored' }),
        '',
        book(3000.5, 3001, t + 30),
      ].join('\n'),
    );
    const clock = new VirtualScheduler();
    const scanner = new ArbitrageScanner({ clock });
    const replay = new ReplayFeed({ file, speed: 'fast', rebase: false, scheduler: clock });
    scanner.attach(replay);
    await replay.start();
    const result = await replay.finished;
    expect(result).toMatchObject({ updates: 5, malformed: 2 });
    const m = scanner.metricsSnapshot().marketData;
    expect(m.rejectedTotal).toMatchObject({ malformed: 3, crossed: 1, out_of_order: 1 });
    expect(m.updatesTotal.gateio).toBe(2);
    expect(scanner.store.get('gateio', 'ETH/USDT')!.bestBid).toBe(3000.5);
  });

  it('reports every exchange down when the file does not exist', async () => {
    const replay = new ReplayFeed({ file: join(dir, 'missing.jsonl') });
    await replay.start();
    await replay.finished;
    expect(
      replay
        .states()
        .every((s) => s.status === 'down' && s.reason!.startsWith('Arquivo de replay não encontrado')),
    ).toBe(true);
  });
});
