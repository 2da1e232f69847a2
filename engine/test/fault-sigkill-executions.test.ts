import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bot } from '@arbitra/contracts';
import { client, register, tradeEverythingBot, type Client } from '../../api/test/support/http.js';
import { stopBots } from '../../scripts/test-support/stop-bots.js';
import { createTestDatabase, type TestDatabase } from '../../scripts/test-support/database.js';
import { startEngineProcess, type EngineProcess } from '../../scripts/test-support/engine-fleet.js';
import { ENGINE_MAIN } from '../../scripts/test-support/faults.js';
import { ledgerMismatches } from '../../scripts/test-support/ledger.js';
import { startPlatform, type TestPlatform } from '../../scripts/test-support/platform.js';
import { waitFor } from '../../scripts/test-support/wait.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const BOTS = 8;
const EXECUTIONS = 50;

/**
 * An engine process SIGKILLed while executions are in flight, in the middle of 50 (paper orders take 400 ms to
 * "reach the exchange", so some are always between the journal entry and the ledger record); a new engine
 * process takes over. Every execution ends as exactly one trade, none stays pending, and each bot's balances
 * and totals agree with its trades' legs.
 */
describe('an engine SIGKILLed in the middle of 50 executions (issue 13)', () => {
  let db: TestDatabase;
  let platform: TestPlatform;
  let call: Client;
  let sql: pg.Client;
  let token: string;
  const engines: EngineProcess[] = [];
  const logDir = mkdtempSync(path.join(tmpdir(), 'arbitra-sigkill-'));
  const botIds: string[] = [];

  const count = async (where: string): Promise<number> =>
    (
      await sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM trades WHERE bot_id = ANY($1) AND ${where}`,
        [botIds],
      )
    ).rows[0]!.n;

  const engine = (name: string) =>
    startEngineProcess({
      name,
      main: ENGINE_MAIN,
      env: {
        ...process.env,
        ...platform.env,
        PAPER_ORDER_LATENCY_MS: '400',
        // The generous regime: 'Normal' dislocations fade within 2 s and each bot's first trade on a direction spends
        // that side's inventory (issue 29's skip rule), so 50 executions took minutes; this test is about the kill.
        MARKET_VOLATILITY: 'agitated',
        // A pending trade of the dead engine is recovered once 8 s old, looked for every second (10 s by default).
        EXECUTION_RECOVERY_AFTER_MS: '8000',
        EXECUTION_RECOVERY_SWEEP_MS: '1000',
      },
      logDir,
    });

  beforeAll(async () => {
    db = await createTestDatabase();
    platform = await startPlatform({ databaseUrl: db.url, engines: 0 });
    call = client(platform.baseUrl);
    sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    token = (await register(call, { name: 'Kill' })).token;
  }, 300_000); // initdb, migrations, the api and an engine process: minutes on a saturated machine

  afterAll(async () => {
    for (const e of engines) e.child.kill('SIGKILL');
    await sql?.end();
    await platform?.close();
    await db?.drop();
  });

  it('0 lost, 0 doubled, balances reconcile after the restart', async () => {
    engines.push(await engine('engine-doomed'));
    for (let i = 0; i < BOTS; i++) {
      const r = await call<{ bot: Bot }>('POST', '/api/bots', {
        token,
        body: tradeEverythingBot(`Robô ${i + 1}`),
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      botIds.push(r.body.bot.id);
    }

    // Halfway through the 50, at a moment with executions in flight: SIGKILL.
    const inFlight = await waitFor(
      async () =>
        (await count('true')) >= EXECUTIONS / 2 && (await count(`status = 'pending'`)) > 0 ? true : undefined,
      150_000,
      20,
    );
    expect(inFlight, `fewer than ${EXECUTIONS / 2} executions within 150 s (logs: ${logDir})`).toBe(true);
    const doomed = engines[0]!;
    doomed.child.kill('SIGKILL');
    await new Promise((r) => (doomed.child.exitCode !== null ? r(null) : doomed.child.once('exit', r)));
    const cutOff = (
      await sql.query<{ id: string }>(`SELECT id FROM trades WHERE bot_id = ANY($1) AND status = 'pending'`, [
        botIds,
      ])
    ).rows.map((r) => r.id);
    expect(cutOff.length).toBeGreaterThan(0);

    engines.push(await engine('engine-restarted'));
    const reached = await waitFor(
      async () => ((await count('true')) >= EXECUTIONS ? true : undefined),
      150_000,
      200,
    );
    expect(reached, `fewer than ${EXECUTIONS} executions after the restart (logs: ${logDir})`).toBe(true);

    await stopBots(call, token, botIds);
    // What the dead engine left pending is recovered (8 s old, sweep every second); the last executions settle.
    const settled = await waitFor(
      async () => ((await count(`status = 'pending'`)) === 0 ? true : undefined),
      90_000,
      500,
    );
    expect(settled, 'a trade is still pending').toBe(true);

    // Each execution cut off by the kill is one finished trade now.
    const recovered = await sql.query<{ id: string; status: string }>(
      `SELECT id, status FROM trades WHERE id = ANY($1::uuid[])`,
      [cutOff],
    );
    expect(recovered.rows).toHaveLength(cutOff.length);
    expect(recovered.rows.every((t) => t.status !== 'pending')).toBe(true);
    expect(await count('true')).toBeGreaterThanOrEqual(EXECUTIONS);
    const query = async <R>(text: string, values?: unknown[]) => (await sql.query(text, values)).rows as R[];
    for (const id of botIds) expect(await ledgerMismatches(query, id), `bot ${id}`).toEqual([]);
  }, 600_000); // the sum of its deadlines (at load average 28 with a CPU hog beside it, 400 s was not enough)
});
