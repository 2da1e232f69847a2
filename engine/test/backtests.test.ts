import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Decimal } from 'decimal.js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { INestApplicationContext } from '@nestjs/common';
import {
  MESSAGES,
  type Backtest,
  type BacktestDetail,
  type BacktestRequest,
  type Bot,
} from '@arbitra/contracts';
import { BACKTEST_SHARED_RUNS } from '../src/backtest/backtests.processor.js';
import { createEngine } from '../src/bootstrap.js';
import { parseEngineConfig } from '../src/config/config.js';
import { createTestDatabase, type TestDatabase } from '../../scripts/test-support/database.js';
import { waitFor } from '../../scripts/test-support/wait.js';
import { startPlatform, type TestPlatform } from '../../scripts/test-support/platform.js';
import { client, register, type Client, type RegisteredUser } from '../../api/test/support/http.js';

const ENGINE_MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));

const demoBot = {
  name: 'Bot demo',
  strategy: 'arbitrage',
  pairs: ['BTC/USDT', 'ETH/USDT', 'SOL/USDT', 'BNB/USDT'],
  exchanges: ['binance', 'bybit', 'gateio'],
  riskLevel: 'medium',
  maxInvestment: 10_000,
  minProfitPercent: 0.3,
} as const;

const hour = (seed = 42): BacktestRequest['source'] => ({
  kind: 'simulated',
  seed,
  durationMs: 3_600_000,
  volatility: 'agitated', // trades a plenty: 'Normal' pays a demo bot little (docs/ARCHITECTURE.md)
});

/**
 * Backtests through the real platform (api, queue, engine, Postgres): a demo bot over 1 h of simulated market,
 * reconciled trade by trade; nothing written to trades, balances or bots; cancel; an engine killed mid-run.
 */
describe("'Simular' runs a bot's configuration on the engine and writes only its own result (issue 14)", () => {
  let db: TestDatabase;
  let platform: TestPlatform;
  let call: Client;
  let sql: pg.Client;
  let owner: RegisteredUser;
  let child: ChildProcess | undefined;
  let engine: INestApplicationContext | undefined;

  const startChild = async (id: string) => {
    child = fork(ENGINE_MAIN, [], {
      env: { ...process.env, ...platform.env, ENGINE_INSTANCE_ID: id },
      stdio: 'ignore',
    });
    await new Promise<void>((resolve, reject) => {
      child!.once('message', () => resolve());
      child!.once('exit', (code) => reject(new Error(`engine exited (${code})`)));
    });
  };
  const get = async (id: string, token = owner.token) =>
    (await call<BacktestDetail>('GET', `/api/backtests/${id}`, { token })).body;

  beforeAll(async () => {
    db = await createTestDatabase();
    platform = await startPlatform({ databaseUrl: db.url, engines: 0 });
    call = client(platform.baseUrl);
    sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    owner = await register(call, { name: 'Bia' });
    await startChild('engine-backtests');
  }, 120_000);

  afterAll(async () => {
    child?.kill('SIGKILL');
    await engine?.close();
    await sql?.end();
    await platform?.close();
    await db?.drop();
  });

  it('1 h of simulated market: completes, every trade reconciles with its fills and fees, nothing else is written', async () => {
    const created = await call<{ bot: Bot }>('POST', '/api/bots', {
      token: owner.token,
      body: { ...demoBot, active: false },
    });
    expect(created.status).toBe(201);
    const botBefore = await sql.query(`SELECT * FROM bots WHERE id = $1`, [created.body.bot.id]);

    const res = await call<{ backtest: Backtest }>('POST', '/api/backtests', {
      token: owner.token,
      body: { botId: created.body.bot.id, bot: demoBot, source: hour() },
    });
    expect(res.status).toBe(201);
    expect(res.body.backtest.sourceLabel).toBe('Dados simulados, semente 42');
    const id = res.body.backtest.id;

    const done = await waitFor(async () => {
      const b = await get(id);
      return b.status === 'completed' ? b : undefined;
    }, 180_000);
    const result = done!.result!;
    expect(result.marketMs).toBe(3_600_000);
    expect(result.totals.trades).toBeGreaterThan(0);
    expect(done!.progress.percent).toBe(100);

    // As the live ledger requires (issue 25): the profit of each trade is the USDT its orders moved (fees included)
    // plus the base asset they left (an unwind's remainder under the market's minimums, a buy's fee charged in the
    // base received) at the trade's first price.
    let total = new Decimal(0);
    for (const t of result.trades) {
      let usdt = new Decimal(0);
      let fees = new Decimal(0);
      let base = new Decimal(0);
      const [asset] = t.pair.split('/') as [string];
      for (const l of t.legs)
        base = base
          .plus(l.side === 'buy' ? l.filledAmount : new Decimal(l.filledAmount).negated())
          .minus(l.feeAsset === asset ? l.fee : 0);
      const price = t.legs.find((l) => new Decimal(l.avgPrice).gt(0))?.avgPrice ?? '0';
      usdt = usdt.plus(base.mul(price));
      for (const l of t.legs) {
        // the paper exchange charges as the exchanges do: in the asset received
        if (new Decimal(l.filledAmount).gt(0)) expect(l.feeAsset).toBe(l.side === 'buy' ? asset : 'USDT');
        usdt = usdt
          .plus(l.side === 'sell' ? l.quoteAmount : new Decimal(l.quoteAmount).negated())
          .minus(l.feeAsset === 'USDT' ? l.fee : 0);
        fees = fees.plus(l.feeAsset === 'USDT' ? l.fee : new Decimal(l.fee).mul(price));
        expect(new Decimal(l.quoteAmount).toFixed()).toBe(
          new Decimal(l.filledAmount).mul(l.avgPrice).toFixed(),
        );
      }
      expect(usdt.toDecimalPlaces(18, Decimal.ROUND_HALF_UP).toFixed()).toBe(new Decimal(t.profit).toFixed());
      expect(fees.toFixed()).toBe(new Decimal(t.fees).toFixed());
      total = total.plus(t.profit);
    }
    expect(total.toFixed()).toBe(new Decimal(result.totals.profitUsdt).toFixed());

    // A backtest writes only its own row.
    const trades = await sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM trades WHERE user_id = $1`,
      [owner.id],
    );
    const balances = await sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM bot_balances WHERE bot_id = $1`,
      [created.body.bot.id],
    );
    const botAfter = await sql.query(`SELECT * FROM bots WHERE id = $1`, [created.body.bot.id]);
    expect(trades.rows[0]!.n).toBe(0);
    expect(balances.rows[0]!.n).toBe(0);
    expect(botAfter.rows).toEqual(botBefore.rows);

    // The same run again gives the same trades and totals (engine after engine: the next test restarts it).
    const again = await call<{ backtest: Backtest }>('POST', '/api/backtests', {
      token: owner.token,
      body: { bot: demoBot, source: hour() },
    });
    const second = await waitFor(async () => {
      const b = await get(again.body.backtest.id);
      return b.status === 'completed' ? b : undefined;
    }, 180_000);
    expect(JSON.stringify({ ...second!.result!, wallMs: 0 })).toBe(JSON.stringify({ ...result, wallMs: 0 }));
  }, 420_000);

  it("'Cancelar' stops a running backtest within a second or so; another user sees none of it", async () => {
    const res = await call<{ backtest: Backtest }>('POST', '/api/backtests', {
      token: owner.token,
      body: { bot: demoBot, source: { ...hour(5), durationMs: 3 * 24 * 3_600_000 } },
    });
    const id = res.body.backtest.id;
    await waitFor(async () => ((await get(id)).progress.marketMs > 0 ? true : undefined), 60_000);
    const stranger = await register(call, { name: 'Caio' });
    expect((await call('GET', `/api/backtests/${id}`, { token: stranger.token })).status).toBe(404);
    expect((await call('POST', `/api/backtests/${id}/cancel`, { token: stranger.token })).status).toBe(404);
    expect((await call('DELETE', `/api/backtests/${id}`, { token: stranger.token })).status).toBe(404);

    const t0 = Date.now();
    const canceled = await call<{ backtest: BacktestDetail }>('POST', `/api/backtests/${id}/cancel`, {
      token: owner.token,
    });
    expect(canceled.status).toBe(200);
    const ended = await waitFor(async () => {
      const b = await get(id);
      return b.status === 'canceled' ? b : undefined;
    }, 10_000);
    expect(ended!.statusLabel).toBe('Cancelado');
    expect(Date.now() - t0).toBeLessThan(3_000); // a second to stop, plus the round trips under load
    expect(ended!.result!.marketMs).toBeLessThan(3 * 24 * 3_600_000);
    expect((await call('DELETE', `/api/backtests/${id}`, { token: owner.token })).status).toBe(200);
    expect((await call('GET', `/api/backtests/${id}`, { token: owner.token })).status).toBe(404);
  }, 120_000);

  it("round-robin between users: a user's long runs (one running, two waiting) and a third user's do not hold up another user's short one by more than its duration; one run at a time per user, in order", async () => {
    const other = await register(call, { name: 'Bruno' });
    const third = await register(call, { name: 'Carla' });
    const shortBot = { ...demoBot, pairs: ['BTC/USDT'], exchanges: ['binance', 'bybit'] };
    const create = async (token: string, source: BacktestRequest['source'], bot: object = shortBot) => {
      const r = await call<{ backtest: Backtest }>('POST', '/api/backtests', {
        token,
        body: { bot, source },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.backtest.id;
    };
    const days3 = (seed: number): BacktestRequest['source'] => ({
      kind: 'simulated',
      seed,
      durationMs: 3 * 24 * 3_600_000,
      volatility: 'normal',
    });
    const status = (id: string, token = owner.token) =>
      waitFor(async () => ((await get(id, token)).status === 'running' ? true : undefined), 60_000, 20);
    const completed = (id: string, token: string) =>
      waitFor(async () => ((await get(id, token)).status === 'completed' ? true : undefined), 240_000, 20);
    // the short run alone
    let t = Date.now();
    expect(await completed(await create(other.token, hour(21)), other.token)).toBe(true);
    const alone = Date.now() - t;
    // the first user's three 3-day runs (one runs, two wait: as many as a user may have) and a third user's
    const longs: string[] = [];
    for (const seed of [22, 24, 26]) longs.push(await create(owner.token, days3(seed), demoBot));
    const carla = await create(third.token, days3(28), demoBot);
    const [first, second, last] = longs as [string, string, string];
    try {
      expect(await status(first)).toBe(true);
      expect(await status(carla, third.token)).toBe(true);
      // the same short run now: the waiting runs hold no worker slot, the running ones share the core with it
      t = Date.now();
      expect(await completed(await create(other.token, hour(21)), other.token)).toBe(true);
      const beside = Date.now() - t;
      console.log(
        `short run alone ${alone} ms, beside two other users' 3-day runs (and two waiting) ${beside} ms`,
      );
      expect(beside - alone, `alone ${alone} ms, beside the long runs ${beside} ms`).toBeLessThanOrEqual(
        alone,
      );
      // the first user's runs go one at a time, in order, and the waiting ones say where they stand
      expect((await get(second)).status).toBe('queued');
      expect((await get(last)).queue?.ahead).toBe(2);
      // 'Cancelar' frees the user's turn at once: the next one runs, the last one still waits behind it
      t = Date.now();
      await call('POST', `/api/backtests/${first}/cancel`, { token: owner.token });
      expect(await status(second)).toBe(true);
      console.log(`canceled → the user's next run running in ${Date.now() - t} ms`);
      expect(Date.now() - t).toBeLessThan(5_000);
      const waiting = await get(last);
      expect(waiting.status).toBe('queued');
      expect(waiting.queue?.ahead).toBe(1);
    } finally {
      for (const id of longs) await call('POST', `/api/backtests/${id}/cancel`, { token: owner.token });
      await call('POST', `/api/backtests/${carla}/cancel`, { token: third.token });
    }
  }, 600_000);

  it("'Cancelar' frees the worker at once: another user's run waiting for a slot starts without the canceled one's market being played out", async () => {
    // every slot of the engine's worker taken by a different user's 3-day run, a further user's 1-hour run waiting
    const users = await Promise.all(
      Array.from({ length: BACKTEST_SHARED_RUNS }, (_, i) => register(call, { name: `Slot ${i}` })),
    );
    const waitingUser = await register(call, { name: 'Dora' });
    const create = async (token: string, source: BacktestRequest['source']) => {
      const r = await call<{ backtest: Backtest }>('POST', '/api/backtests', {
        token,
        body: { bot: demoBot, source },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.backtest.id;
    };
    const longs: { id: string; token: string }[] = [];
    try {
      for (const [i, u] of users.entries())
        longs.push({
          id: await create(u.token, {
            kind: 'simulated',
            seed: 31 + i,
            durationMs: 3 * 24 * 3_600_000,
            volatility: 'agitated',
          }),
          token: u.token,
        });
      const running = (id: string, token: string, ms = 60_000) =>
        waitFor(async () => ((await get(id, token)).status === 'running' ? true : undefined), ms, 20);
      for (const l of longs) expect(await running(l.id, l.token)).toBe(true);
      const short = await create(waitingUser.token, hour(41));
      // no slot for it: it waits while the four run
      await new Promise((r) => setTimeout(r, 1_000));
      expect((await get(short, waitingUser.token)).status).toBe('queued');
      expect((await get(longs[0]!.id, longs[0]!.token)).progress.percent).toBeLessThan(50);

      const t = Date.now();
      await call('POST', `/api/backtests/${longs[0]!.id}/cancel`, { token: longs[0]!.token });
      expect(await running(short, waitingUser.token, 10_000)).toBe(true);
      const started = Date.now() - t;
      console.log(`canceled → another user's waiting run running in ${started} ms`);
      expect(started).toBeLessThan(5_000);
      expect((await get(longs[0]!.id, longs[0]!.token)).status).toBe('canceled');
    } finally {
      for (const l of longs) await call('POST', `/api/backtests/${l.id}/cancel`, { token: l.token });
    }
  }, 240_000);

  it("an engine killed mid-run leaves the backtest 'Interrompido', never 'running' forever", async () => {
    const res = await call<{ backtest: Backtest }>('POST', '/api/backtests', {
      token: owner.token,
      body: { bot: demoBot, source: { ...hour(9), durationMs: 3 * 24 * 3_600_000 } },
    });
    const id = res.body.backtest.id;
    await waitFor(async () => ((await get(id)).progress.marketMs > 0 ? true : undefined), 60_000);
    child!.kill('SIGKILL');
    await new Promise((r) => child!.once('exit', r));
    expect((await get(id)).status).toBe('running');
    engine = await createEngine(
      parseEngineConfig({ ...platform.env, ENGINE_INSTANCE_ID: 'engine-backtests' }),
    );
    const ended = await waitFor(async () => {
      const b = await get(id);
      return b.status === 'interrupted' ? b : undefined;
    }, 60_000);
    expect(ended!.statusLabel).toBe('Interrompido');
    expect(ended!.error).toBe(MESSAGES.backtests.interruptedReason);
  }, 180_000);

  it('bad input is a 400 in pt-BR; the plan limits backtests per day (403)', async () => {
    const short = await call<{ message: string }>('POST', '/api/backtests', {
      token: owner.token,
      body: { bot: demoBot, source: { ...hour(), durationMs: 60_000 } },
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('A duração deve ficar entre 1 hora e 7 dias de mercado');
    const noPairs = await call<{ message: string }>('POST', '/api/backtests', {
      token: owner.token,
      body: { bot: { ...demoBot, pairs: [] }, source: hour() },
    });
    expect(noPairs.status).toBe(400);
    expect(noPairs.body.message).toBe('Selecione pelo menos um par de moedas');
    const noFile = await call<{ message: string }>('POST', '/api/backtests', {
      token: owner.token,
      body: { bot: demoBot, source: { kind: 'replay', file: '../../etc/passwd' } },
    });
    expect(noFile.status).toBe(400);

    const basic = await register(call, { name: 'Duda' });
    await sql.query(`UPDATE subscriptions SET plan_id = 'basic' WHERE user_id = $1`, [basic.id]);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await call<{ backtest: Backtest }>('POST', '/api/backtests', {
        token: basic.token,
        body: { bot: demoBot, source: hour(100 + i) },
      });
      expect(r.status).toBe(201);
      ids.push(r.body.backtest.id);
    }
    const fourth = await call<{ message: string }>('POST', '/api/backtests', {
      token: basic.token,
      body: { bot: demoBot, source: hour(200) },
    });
    expect(fourth.status).toBe(403);
    expect(fourth.body.message).toBe(
      'Seu plano permite até 3 simulações por dia. Faça upgrade para simular mais.',
    );
    for (const id of ids) await call('POST', `/api/backtests/${id}/cancel`, { token: basic.token });

    // Fair use: a plan's longest market (Básico: 24 h), and 3 simulations waiting or running per user (409)
    const basic2 = await register(call, { name: 'Edu' });
    await sql.query(`UPDATE subscriptions SET plan_id = 'basic' WHERE user_id = $1`, [basic2.id]);
    const tooLong = await call<{ message: string }>('POST', '/api/backtests', {
      token: basic2.token,
      body: { bot: demoBot, source: { ...hour(), durationMs: 3 * 24 * 3_600_000 } },
    });
    expect(tooLong.status).toBe(403);
    expect(tooLong.body.message).toBe(
      'Seu plano permite simular até 24 horas de mercado. Escolha um período menor ou faça upgrade.',
    );
    const busy = await register(call, { name: 'Fê' });
    const active: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await call<{ backtest: Backtest }>('POST', '/api/backtests', {
        token: busy.token,
        body: { bot: demoBot, source: { ...hour(300 + i), durationMs: 3 * 24 * 3_600_000 } },
      });
      expect(r.status).toBe(201);
      active.push(r.body.backtest.id);
    }
    const queuedFourth = await call<{ message: string }>('POST', '/api/backtests', {
      token: busy.token,
      body: { bot: demoBot, source: hour(400) },
    });
    expect(queuedFourth.status).toBe(409);
    expect(queuedFourth.body.message).toBe(
      'Você já tem 3 simulações na fila ou executando. Aguarde uma terminar ou cancele uma para iniciar outra.',
    );
    for (const id of active) await call('POST', `/api/backtests/${id}/cancel`, { token: busy.token });
    const list = await call<Backtest[]>('GET', '/api/backtests', { token: basic.token });
    expect(list.body.map((b) => b.id).sort()).toEqual([...ids].sort());
  }, 120_000);
});
