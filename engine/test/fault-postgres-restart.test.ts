import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '@arbitra/db';
import { startEmbeddedPostgres } from '../../scripts/lib/postgres.mjs';
import {
  outageAndRecovery,
  startTradingPlatform,
  type TradingPlatform,
} from '../../scripts/test-support/faults.js';

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
    const problems = await outageAndRecovery(p, {
      component: 'database',
      tradesBefore: 3,
      stop: () => postgres.stop(),
      start: async () => {
        postgres = await startEmbeddedPostgres({
          dir: path.join(dir, 'postgres'),
          port: postgres.port,
          log: () => {},
        });
      },
    });
    expect(problems).toEqual([]);
  }, 300_000);
});
