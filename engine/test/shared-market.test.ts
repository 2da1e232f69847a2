import type { INestApplicationContext } from '@nestjs/common';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../src/bootstrap.js';
import { parseEngineConfig } from '../src/config/config.js';
import { ScannerService } from '../src/scanner/scanner.service.js';
import { createTestDatabase, type TestDatabase } from '../../scripts/test-support/database.js';
import { startPlatform, type TestPlatform } from '../../scripts/test-support/platform.js';
import { waitFor } from '../../scripts/test-support/wait.js';

/**
 * Issue 31: with MARKET_FEED=simulated every engine runs one market. Three engines join it at different moments —
 * the first sets the epoch; the market is already 70 s old (a row as a running platform leaves it), so all three
 * start from its checkpoint at 60 s — and each one's detector must open the same opportunities (same id) at the same
 * instant (openedAt, the exchange time of the book that opened it), as the execution keys of a handover assume.
 */
describe('three engines on the simulated market see one market (issue 31)', () => {
  let db: TestDatabase;
  let platform: TestPlatform;
  const engines: INestApplicationContext[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    platform = await startPlatform({ databaseUrl: db.url, engines: 0 });
  }, 300_000);

  afterAll(async () => {
    for (const e of engines) await e.close();
    await platform?.close();
    await db?.drop();
  });

  it('each engine opens the same opportunities with the same identity and opening instant', async () => {
    // A market started 70 s ago whose engines all stopped a moment ago: the first engine runs its first 70 s
    // (unpublished, saving the 60 s checkpoint) and the next ones restore that checkpoint.
    const sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    await sql.query(`INSERT INTO simulated_market_clock (market, epoch_ms) VALUES ('simulated:42', $1)`, [
      Date.now() - 70_000,
    ]);

    const opened: Map<string, number>[] = [];
    const join = async (n: number) => {
      const engine = await createEngine(
        parseEngineConfig({ ...platform.env, ENGINE_INSTANCE_ID: `engine-${n}`, MARKET_SEED: '42' }),
      );
      engines.push(engine);
      const seen = new Map<string, number>();
      engine
        .get(ScannerService)
        .scanner.registry.on({ added: (o) => seen.set(`${o.id}@${o.openedAt}`, o.openedAt) });
      opened.push(seen);
      return Date.now();
    };
    await join(1);
    const checkpoint = await waitFor(
      async () =>
        (
          await sql.query<{ model_ms: string }>(
            `SELECT model_ms FROM simulated_market_clock WHERE market = 'simulated:42' AND checkpoint IS NOT NULL`,
          )
        ).rows[0]?.model_ms,
      30_000,
    );
    await sql.end();
    expect(Number(checkpoint)).toBeGreaterThanOrEqual(60_000);
    await new Promise((r) => setTimeout(r, 1_500)); // engines boot at different moments
    await join(2);
    await new Promise((r) => setTimeout(r, 1_500));
    const allJoined = await join(3);

    // Opportunities opened after all three run (and a margin for the last books of the catch-up), until 20 s later.
    const from = allJoined + 2_000;
    const window = (seen: Map<string, number>, to: number) =>
      [...seen].filter(([, at]) => at >= from && at <= to).map(([key]) => key);
    await waitFor(() => (window(opened[0]!, Infinity).length >= 8 ? true : undefined), 60_000, 250);
    const until = Date.now(); // what engine 1 opened by now, the others have had 3 s more to open
    await new Promise((r) => setTimeout(r, 3_000));
    const first = window(opened[0]!, until);
    expect(first.length, 'opportunities opened by engine 1').toBeGreaterThanOrEqual(5);
    // Every cross-exchange opportunity engine 1 opened, each other engine opened too, with the same id and opening
    // instant; every triangular route engine 1 opened, each other engine opened too (same id). Not the instants of
    // triangular re-openings: a route flickering at its threshold is closed and re-opened at instants that differ
    // between engines — the registry coalesces rebuilds on each process's own wall clock (minUpdateIntervalMs).
    const exact = first.filter((key) => key.startsWith('arbitrage:'));
    expect(exact.length, 'cross-exchange opportunities opened by engine 1').toBeGreaterThanOrEqual(1);
    const route = (key: string) => key.slice(0, key.lastIndexOf('@'));
    for (const [i, seen] of opened.entries()) {
      const theirs = new Set(window(seen, Infinity));
      const theirRoutes = new Set([...seen.keys()].map(route));
      expect(
        exact.filter((key) => !theirs.has(key)),
        `engine ${i + 1}: opened by engine 1, not by this one at the same instant`,
      ).toEqual([]);
      expect(
        first.map(route).filter((id) => !theirRoutes.has(id)),
        `engine ${i + 1}: routes engine 1 opened, never opened here`,
      ).toEqual([]);
    }
  }, 240_000);
});
