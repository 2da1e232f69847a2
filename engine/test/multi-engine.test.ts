import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bot } from '@arbitra/contracts';
import { BotRunner } from '../src/bots/bot-runner.service.js';
import { createTestDatabase, type TestDatabase } from '../../scripts/test-support/database.js';
import { waitFor } from '../../scripts/test-support/wait.js';
import { startPlatform, type TestPlatform } from '../../scripts/test-support/platform.js';
import { client, register, type Client, type RegisteredUser } from '../../api/test/support/http.js';

/** Two engines: a bot command runs on one of them; both must run (or drop) the bot. */
describe('several engines stay in step on bot changes', () => {
  let db: TestDatabase;
  let platform: TestPlatform;
  let call: Client;
  let sql: pg.Client;
  let owner: RegisteredUser;

  beforeAll(async () => {
    db = await createTestDatabase();
    platform = await startPlatform({ databaseUrl: db.url, engines: 2 });
    call = client(platform.baseUrl);
    sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    owner = await register(call, { name: 'Caio' });
  });

  afterAll(async () => {
    await sql?.end();
    await platform?.close();
    await db?.drop();
  });

  it('start and stop reach both runners; a bot the executor stops on one engine leaves the other too', async () => {
    const runners = platform.engines.map((e) => e.get(BotRunner));
    const running = (id: string) => runners.map((r) => r.get(id) !== undefined);
    const body = {
      pairs: ['BTC/USDT'],
      exchanges: ['binance', 'gateio'],
      maxInvestment: 1000,
      minProfitPercent: 0.5,
      active: true,
    };

    const a = (
      await call<{ bot: Bot }>('POST', '/api/bots', {
        token: owner.token,
        body: { ...body, name: 'Dois motores' },
      })
    ).body.bot;
    expect(await waitFor(() => running(a.id).every(Boolean) || undefined, 10_000)).toBe(true);
    await call('POST', `/api/bots/${a.id}/toggle`, { token: owner.token });
    expect(await waitFor(() => running(a.id).every((r) => !r) || undefined, 10_000)).toBe(true);

    // The executor on engine 1 stops a bot (as a risk stop does: the row first, then the runner).
    const b = (
      await call<{ bot: Bot }>('POST', '/api/bots', {
        token: owner.token,
        body: { ...body, name: 'Parado pelo risco' },
      })
    ).body.bot;
    expect(await waitFor(() => running(b.id).every(Boolean) || undefined, 10_000)).toBe(true);
    await sql.query(
      `UPDATE bots SET active = false, status = 'error', status_reason = 'teste' WHERE id = $1`,
      [b.id],
    );
    runners[0]!.stopped(b.id);
    expect(running(b.id)[0]).toBe(false);
    expect(await waitFor(() => !running(b.id)[1] || undefined, 10_000)).toBe(true);
  });
});
