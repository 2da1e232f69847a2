import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '@arbitra/db';
import { startEmbeddedPostgres } from '../../scripts/lib/postgres.mjs';
import {
  settleAndCheck,
  startTradingPlatform,
  waitForTrades,
  waitReady,
  type TradingPlatform,
} from '../../scripts/test-support/faults.js';
import { waitFor } from '../../scripts/test-support/wait.js';

type Postgres = Awaited<ReturnType<typeof startEmbeddedPostgres>>;

/**
 * Postgres (database, queue and socket fabric: the embedded default) stopped and started again while the api,
 * an engine process and a running paper bot are up. A Postgres of this file's own, since it is restarted.
 */
describe('Postgres restarted under a trading platform (issue 13)', () => {
  let dir: string;
  let postgres: Postgres;
  let p: TradingPlatform;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'arbitra-pg-restart-'));
    postgres = await startEmbeddedPostgres({ dir: path.join(dir, 'postgres'), log: () => {} });
    await runMigrations(postgres.url);
    p = await startTradingPlatform({ databaseUrl: postgres.url, name: 'pg-restart' });
  }, 300_000); // initdb, migrations, the api and an engine process: minutes on a saturated machine

  afterAll(async () => {
    await p?.close();
    await postgres?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('both recover with no manual step; the bot trades on; nothing lost, doubled or left pending', async () => {
    await waitForTrades(p, 3, 120_000);
    await waitReady(p, 30_000);

    await postgres.stop();
    // The api notices: the status page shows the database down (and the process is still answering).
    const down = await waitFor(
      async () => {
        const s = await p.status().catch(() => undefined);
        return s?.components.find((c) => c.name === 'database')?.status === 'down' ? true : undefined;
      },
      30_000,
      250,
    );
    expect(down, 'the status page never showed the database down').toBe(true);

    postgres = await startEmbeddedPostgres({
      dir: path.join(dir, 'postgres'),
      port: postgres.port,
      log: () => {},
    });
    const restartedAt = Date.now();
    await waitReady(p, 90_000);
    expect(p.engine.child.exitCode, `the engine exited (log: ${p.logDir})`).toBeNull();
    // The scanner resumed: feeds up again in the status.
    const feedsUp = await waitFor(
      async () => {
        const s = await p.status();
        return s.feeds.length > 0 && s.feeds.every((f) => f.status === 'up') ? true : undefined;
      },
      30_000,
      500,
    );
    expect(feedsUp, 'the feeds did not come back up').toBe(true);

    expect(await settleAndCheck(p, restartedAt)).toEqual([]);
  }, 300_000);
});
