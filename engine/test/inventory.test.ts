import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BotDetail, TradesResponse } from '@arbitra/contracts';
import { BotRunner } from '../src/bots/bot-runner.service.js';
import { ScannerService } from '../src/scanner/scanner.service.js';
import { createTestDatabase, type TestDatabase } from '../../scripts/test-support/database.js';
import { waitFor } from '../../scripts/test-support/wait.js';
import { startPlatform, type TestPlatform } from '../../scripts/test-support/platform.js';
import { client, register, type Client, type RegisteredUser } from '../../api/test/support/http.js';
import { forceGap, startGapBot } from './support/forced-gap.js';

describe('inventory (issue 29 §1): a paper bot runs a side dry, then skips that direction and says so', () => {
  let db: TestDatabase;
  let platform: TestPlatform;
  let call: Client;
  let sql: pg.Client;
  let maria: RegisteredUser;
  let joao: RegisteredUser;

  beforeAll(async () => {
    db = await createTestDatabase();
    platform = await startPlatform({ databaseUrl: db.url, engines: 1 });
    call = client(platform.baseUrl);
    sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    maria = await register(call, { name: 'Maria' });
    joao = await register(call, { name: 'João' });
  });

  afterAll(async () => {
    await sql?.end();
    await platform?.close();
    await db?.drop();
  });

  it('sells the little ETH it has on Gate.io, then pauses buy-Binance/sell-Gate.io without a failed order; the API shows it', async () => {
    const id = await startGapBot(platform, call, maria.token, {
      name: 'Inventário',
      pair: 'ETH/USDT',
      exchanges: ['binance', 'gateio'],
      minProfitPercent: 0.3,
    });
    const runner = platform.engines[0]!.get(BotRunner);
    const store = platform.engines[0]!.get(ScannerService).scanner.store;
    // Gate.io holds only ~25 USDT of ETH (one small trade's worth, above the 10 USDT minimum order): the runner
    // reloads the balances from the ledger's table.
    const mid = store.get('gateio', 'ETH/USDT')!.mid;
    const eth = (25 / mid).toFixed(8);
    await sql.query(
      `UPDATE bot_balances SET amount = $2, initial = $2 WHERE bot_id = $1 AND exchange = 'gateio' AND asset = 'ETH'`,
      [id, eth],
    );
    await runner.reload(id);
    expect(Number(runner.get(id)!.balances.get('gateio|ETH'))).toBe(Number(eth));

    // ETH on binance 2 % below the market: buy on binance, sell on gateio — what Gate.io had.
    const first = forceGap(platform, 'binance', 'ETH/USDT', -0.02);
    const traded = await waitFor(async () => {
      const r = await sql.query(`SELECT 1 FROM trades WHERE bot_id = $1 AND status <> 'pending'`, [id]);
      return r.rowCount ? true : undefined;
    }, 90_000, 50);
    first.stop();
    expect(traded, 'the bot never traded the first gap').toBe(true);
    // Gate.io's ETH is under the minimum order now; a new gap finds that direction paused.
    await waitFor(() => (Number(runner.get(id)?.balances.get('gateio|ETH')) < Number(eth) ? true : undefined), 30_000, 20);
    const gap = forceGap(platform, 'binance', 'ETH/USDT', -0.03);
    const paused = await waitFor(() => runner.pauses.of(id).find((p) => p.exchange === 'gateio'), 60_000, 20);
    const skippedBefore = runner.stats.unfunded;
    // it keeps skipping while the gap lasts (each update of the opportunity)
    await waitFor(() => (runner.stats.unfunded > skippedBefore + 3 ? true : undefined), 30_000, 20);
    gap.stop();
    expect(paused, 'the runner never paused the direction').toMatchObject({
      exchange: 'gateio',
      asset: 'ETH',
      side: 'sell',
      reason: 'Direção pausada: sem ETH na Gate.io',
    });
    expect(runner.stats.unfunded).toBeGreaterThan(skippedBefore + 3);

    // the one trade sold what Gate.io had; no order failed for want of funds
    const trades = await call<TradesResponse>('GET', `/api/trades?bot=${id}&dateRange=all&status=all`, {
      token: maria.token,
    });
    expect(trades.status).toBe(200);
    const ofBot = trades.body.trades.filter((t) => t.botId === id);
    expect(ofBot.length).toBeGreaterThanOrEqual(1);
    for (const t of ofBot) expect(t.failureReason ?? '').not.toMatch(/saldo/i);

    // through the API (after the runner's flush): the pause with its count, and the figures as the ledger has them
    const detail = await waitFor(async () => {
      const r = await call<BotDetail>('GET', `/api/bots/${id}?include=inventory`, { token: maria.token });
      return r.body.inventory?.pauses.some((p) => p.exchange === 'gateio') ? r.body : undefined;
    }, 30_000, 100);
    expect(detail, 'the pause never reached the API').toBeDefined();
    const inv = detail!.inventory!;
    const pause = inv.pauses.find((p) => p.exchange === 'gateio')!;
    expect(pause.reason).toBe('Direção pausada: sem ETH na Gate.io');
    expect(pause.skipped).toBeGreaterThanOrEqual(1);

    const balances = await sql.query<{ exchange: string; asset: string; amount: string; initial: string }>(
      `SELECT exchange, asset, amount::text, initial::text FROM bot_balances WHERE bot_id = $1`,
      [id],
    );
    const ethRows = balances.rows.filter((b) => b.asset === 'ETH');
    const total = ethRows.reduce((s, b) => s + Number(b.amount), 0);
    const gate = ethRows.find((b) => b.exchange === 'gateio')!;
    const row = inv.rows.find((r) => r.exchange === 'gateio' && r.asset === 'ETH')!;
    expect(Number(row.amount)).toBe(Number(gate.amount));
    expect(Number(row.initial)).toBe(Number(eth));
    expect(Number(row.sharePercent)).toBeCloseTo((Number(gate.amount) * 100) / total, 2);
    expect(row.alert).toBe(true); // under 2 minimum orders
    expect(inv.alerts.some((a) => a.startsWith('ETH na Gate.io'))).toBe(true);

    // the history from the legs ends where the ledger's balances are (no transfer in paper here)
    const series = inv.series.find((s) => s.exchange === 'gateio' && s.asset === 'ETH')!;
    expect(Number(series.points[0]!.amount)).toBe(Number(eth));
    expect(Number(series.points.at(-2)!.amount)).toBeCloseTo(Number(gate.amount), 12);
    expect(Number(series.points.at(-1)!.amount)).toBe(Number(gate.amount));

    // another user's bot: 404, as everywhere
    const other = await call('GET', `/api/bots/${id}?include=inventory`, { token: joao.token });
    expect(other.status).toBe(404);
    const bad = await call('GET', `/api/bots/${id}?include=tudo`, { token: maria.token });
    expect(bad.status).toBe(400);

    await call('POST', `/api/bots/${id}/toggle`, { token: maria.token });
  }, 300_000);
});
