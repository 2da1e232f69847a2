import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SCANNER_PUBLIC_INTERVAL_MS,
  type ExchangeId,
  type MarketSnapshot,
  type StatusReport,
} from '@arbitra/contracts';
import { client, type Client } from '../../api/test/support/http.js';
import { createTestDatabase, type TestDatabase } from '../../scripts/test-support/database.js';
import { recordMarket } from '../../scripts/test-support/engine-fleet.js';
import { startPlatform, type TestPlatform } from '../../scripts/test-support/platform.js';
import { waitFor } from '../../scripts/test-support/wait.js';

const STALLS: ExchangeId = 'mexc';
const GARBAGE: ExchangeId = 'bybit';
const HEALTHY: ExchangeId[] = ['binance', 'gateio', 'mercadobitcoin'];
/** Into the recording, when both faults begin. */
const FAULT_AFTER_MS = 12_000;
/** MARKET_STALE_AFTER_MS of the engine under test. */
const STALE_AFTER_MS = 3_000;

/** What a broken exchange might send instead of a book: every way a book can be wrong, and lines that are not JSON. */
function garbage(book: Record<string, unknown>, i: number): string {
  const [bid] = (book.bids as number[][]) ?? [];
  const [ask] = (book.asks as number[][]) ?? [];
  const variants: unknown[] = [
    { ...book, bids: [[(ask?.[0] ?? 1) * 1.01, 1]] }, // crossed
    { ...book, bids: [[null, 1]] }, // NaN as JSON writes it
    { ...book, asks: [[ask?.[0], -3]] }, // negative amount
    { ...book, asks: [['abc', 1]] },
    {
      ...book,
      bids: [
        [bid?.[0], 1],
        [(bid?.[0] ?? 1) * 2, 1],
      ],
    }, // unsorted
    { ...book, exchangeTs: 'ontem' },
    { ...book, symbol: '<script>' },
    { ...book, bids: 'tudo' },
  ];
  if (i % 9 === 8) return '{"type":"book","exchange":"' + GARBAGE + '","bids":[[1,'; // cut off
  if (i % 9 === 7) return '\u0000\u202e lixo';
  return JSON.stringify(variants[i % variants.length]);
}

/**
 * A replayed market where, 12 s in, one exchange's feed stalls (nothing more arrives) and another's sends only
 * malformed books: the engine keeps running, marks both degraded on the status page, keeps them out of detection,
 * and the other exchanges go on.
 */
describe('a stalling feed and a garbage feed (issue 13)', () => {
  let db: TestDatabase;
  let platform: TestPlatform;
  let call: Client;
  /** The books each faulty exchange had before its fault (all of them go stale). */
  const books = new Map<ExchangeId, Set<string>>([
    [STALLS, new Set()],
    [GARBAGE, new Set()],
  ]);

  beforeAll(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'arbitra-feed-faults-'));
    const recorded = path.join(dir, 'recorded.jsonl');
    await recordMarket(recorded, 2);
    let start: number | undefined;
    let g = 0;
    const lines = readFileSync(recorded, 'utf8')
      .split('\n')
      .flatMap((line) => {
        if (!line.includes('"bids"')) return [line];
        const book = JSON.parse(line) as Record<string, unknown>;
        const t = book.receivedTs as number;
        start ??= t;
        if (t - start < FAULT_AFTER_MS) {
          books.get(book.exchange as ExchangeId)?.add(book.symbol as string);
          return [line];
        }
        if (book.exchange === STALLS) return [];
        if (book.exchange === GARBAGE) return [garbage(book, g++)];
        return [line];
      });
    const file = path.join(dir, 'faulty.jsonl');
    writeFileSync(file, lines.join('\n'));
    db = await createTestDatabase();
    platform = await startPlatform({
      databaseUrl: db.url,
      env: {
        MARKET_FEED: 'replay',
        REPLAY_FILE: file,
        REPLAY_SPEED: 'recorded',
        MARKET_STALE_AFTER_MS: String(STALE_AFTER_MS),
      },
    });
    call = client(platform.baseUrl);
  });

  afterAll(async () => {
    await platform?.close();
    await db?.drop();
  });

  it('the engine keeps running, marks both degraded, and the others go on', async () => {
    const status = async () => (await call<StatusReport>('GET', '/api/status')).body;
    let last: StatusReport | undefined;
    const degraded = await waitFor(
      async () => {
        last = await status();
        const of = (ex: ExchangeId) => last!.feeds.find((f) => f.exchange === ex)?.status;
        return of(STALLS) === 'degraded' &&
          of(GARBAGE) === 'degraded' &&
          HEALTHY.every((ex) => of(ex) === 'up')
          ? true
          : undefined;
      },
      90_000,
      500,
    );
    expect(degraded, `status never showed both faulty feeds degraded: ${JSON.stringify(last?.feeds)}`).toBe(
      true,
    );
    for (const ex of [STALLS, GARBAGE])
      expect(last!.feeds.find((f) => f.exchange === ex)?.reason).toMatch(/livros? desatualizados?/);
    expect(last!.components.find((c) => c.name === 'engine')?.status).toBe('up');

    // Every book of both faulty exchanges goes stale (each within STALE_AFTER_MS of its last good update; the
    // exchange shows 'degraded' from its first stale book on, while the others may still be fresh).
    const allStale = (ex: ExchangeId) => new RegExp(`^${books.get(ex)!.size} livros? desatualizados?$`);
    const staleAt = await waitFor(
      async () => {
        last = await status();
        const reason = (ex: ExchangeId) => last!.feeds.find((f) => f.exchange === ex)?.reason;
        return allStale(STALLS).test(reason(STALLS) ?? '') && allStale(GARBAGE).test(reason(GARBAGE) ?? '')
          ? Date.now()
          : undefined;
      },
      30_000,
      250,
    );
    expect(
      staleAt,
      `not every book went stale (${books.get(STALLS)!.size} and ${books.get(GARBAGE)!.size}): ${JSON.stringify(last?.feeds)}`,
    ).toBeDefined();

    // From then on no opportunity reads one of their books: the sweep that marked the last book stale expired its
    // opportunities, so the next snapshot the scanner publishes (every 3 s) has none; and the others go on.
    let seen: MarketSnapshot | undefined;
    const next = await waitFor(
      async () => {
        const s = (seen = (await call<MarketSnapshot>('GET', '/api/market/snapshot')).body);
        return s.scanner && s.scanner.at > staleAt! ? s : undefined;
      },
      // one publish, with room for a saturated machine's late timers
      3 * SCANNER_PUBLIC_INTERVAL_MS,
      100,
    );
    expect(next, `no scanner snapshot within ${(3 * SCANNER_PUBLIC_INTERVAL_MS) / 1000} s`).toBeDefined();
    expect(
      next!
        .scanner!.opportunities.filter((o) => o.exchanges.includes(STALLS) || o.exchanges.includes(GARBAGE))
        .map((o) => [o.strategy, o.exchanges, o.symbols]),
      'opportunities on a stale book in the first snapshot after every book of the exchange went stale',
    ).toEqual([]);
    expect(
      next!.stats?.updatesPerSecond ?? 0,
      `the healthy feeds stopped: ${JSON.stringify(seen?.stats)}`,
    ).toBeGreaterThan(0);
    expect((await status()).components.find((c) => c.name === 'engine')?.status).toBe('up');
  }, 180_000);
});
