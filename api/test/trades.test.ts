import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TradesRepository, createDataSource, type OwnerId } from '@arbitra/db';
import type { Bot, BotDetail, TradesResponse } from '@arbitra/contracts';
import { TradeLedger, type ExecutionRecord } from '../../engine/src/execution/trade-ledger.js';
import { executeTriangular } from '../../engine/src/execution/triangular.executor.js';
import { BNB_TRIANGLE, bnbTriangleContext } from '../../engine/src/execution/testing/bnb-fee-triangle.js';
import { execution, prng } from './support/executions.js';
import { useTestPlatform } from './support/test-platform.js';
import { register, type RegisteredUser } from './support/http.js';

describe('trade ledger, history, stats and CSV (issue 5 §4, §6, §7)', () => {
  const t = useTestPlatform();
  const { call, sql } = t;
  let ledger: TradeLedger;
  let ds: ReturnType<typeof createDataSource>;
  let maria: RegisteredUser;
  let joao: RegisteredUser;
  let botA: Bot;
  let botB: Bot;

  const DAY = 24 * 3600 * 1000;

  beforeAll(async () => {
    ds = createDataSource(t.db.url);
    await ds.initialize();
    ledger = new TradeLedger(new TradesRepository(ds));
    maria = await register(call, { name: 'Maria' });
    joao = await register(call, { name: 'João' });
    const body = {
      pairs: ['BTC/USDT'],
      exchanges: ['binance', 'gateio'],
      maxInvestment: 1000,
      minProfitPercent: 0.5,
    };
    botA = (
      await call<{ bot: Bot }>('POST', '/api/bots', {
        token: maria.token,
        body: { ...body, name: 'Alfa; "1"' },
      })
    ).body.bot;
    botB = (
      await call<{ bot: Bot }>('POST', '/api/bots', { token: maria.token, body: { ...body, name: 'Beta' } })
    ).body.bot;
    for (const b of [botA, botB]) {
      await sql.query(`UPDATE bots SET initial_capital = 1000 WHERE id = $1`, [b.id]);
      await sql.query(
        `INSERT INTO bot_balances (bot_id, exchange, asset, amount, initial) VALUES
           ($1,'binance','USDT',250,250), ($1,'gateio','USDT',250,250), ($1,'binance','BTC',0.005,0.005), ($1,'gateio','BTC',0.005,0.005)`,
        [b.id],
      );
    }
  });

  afterAll(async () => {
    await ds?.destroy();
  });

  type Row = Record<'n' | 's' | 'p' | 'ok' | 'total_trades' | 'total_profit' | 'asset' | 'change', string>;
  /** Rows as text/number values (pg answers ::int as numbers, numeric as text). */
  const sqlq = (text: string, params: unknown[] = []) => sql.query<Row>(text, params);

  const A = () => ({ id: botA.id, userId: maria.id, name: botA.name });

  it('records a retried or duplicated execution once', async () => {
    const rec = execution(A(), `${botA.id}:arbitrage:BTC/USDT:binance>gateio:1700000000000`, {
      amount: '0.01',
      buy: '60000',
      sell: '60300',
      executedAt: new Date(Date.now() - 1000),
    });
    const [first, second] = await Promise.all([ledger.record(rec), ledger.record(rec)]);
    expect([first.recorded, second.recorded].sort()).toEqual([false, true]);
    const third = await ledger.record(rec);
    expect(third.recorded).toBe(false);
    const { rows } = await sqlq(`SELECT count(*)::int AS n FROM trades WHERE execution_key = $1`, [
      rec.executionKey,
    ]);
    expect(rows[0]!.n).toBe(1);
    const bot = await sqlq(`SELECT total_trades, total_profit::text FROM bots WHERE id = $1`, [botA.id]);
    expect(bot.rows[0]!.total_trades).toBe(1);
    // 0.01 × 60300 × 0.999 − 0.01 × 60000 × 1.001 = 602.397 − 600.6 = 1.797
    expect(new Decimal(bot.rows[0]!.total_profit).toFixed()).toBe('1.797');
    const legs = await sqlq(
      `SELECT count(*)::int AS n FROM trade_legs l JOIN trades t ON t.id = l.trade_id WHERE t.execution_key = $1`,
      [rec.executionKey],
    );
    expect(legs.rows[0]!.n).toBe(2);
  });

  it('refuses a record whose profit does not match its USDT balance change', async () => {
    const rec = execution(A(), `${botA.id}:bad:1`, {
      amount: '0.01',
      buy: '60000',
      sell: '60300',
      executedAt: new Date(),
    });
    await expect(ledger.record({ ...rec, profit: '1.80' })).rejects.toThrow(/ledger/);
  });

  it('reconciles 1,000 random trades to the cent: Σ profits = totalProfit = change of the balances', async () => {
    const rnd = prng(20240601);
    const records: ExecutionRecord[] = [];
    for (let i = 0; i < 1000; i++) {
      const buy = new Decimal(50000 + Math.floor(rnd() * 20000)).plus(
        new Decimal(Math.floor(rnd() * 100)).div(100),
      );
      const sell = buy.mul(new Decimal(0.995 + rnd() * 0.015).toDecimalPlaces(6)).toDecimalPlaces(2);
      const amount = new Decimal(Math.floor(1 + rnd() * 100000)).div(1e7);
      const bot = rnd() < 0.7 ? A() : { id: botB.id, userId: maria.id, name: botB.name };
      records.push(
        execution(bot, `${bot.id}:rand:${i}`, {
          amount: amount.toFixed(),
          buy: buy.toFixed(),
          sell: sell.toFixed(),
          executedAt: new Date(Date.now() - Math.floor(rnd() * 120 * DAY)),
          status: rnd() < 0.2 ? 'failed' : 'completed',
        }),
      );
    }
    for (let i = 0; i < records.length; i += 8)
      await Promise.all(records.slice(i, i + 8).map((r) => ledger.record(r)));
    for (const b of [botA, botB]) {
      const sum = await sqlq(
        `SELECT COALESCE(SUM(profit),0)::text AS s, count(*)::int AS n FROM trades WHERE bot_id = $1`,
        [b.id],
      );
      const bot = await sqlq(`SELECT total_profit::text AS p, total_trades AS n FROM bots WHERE id = $1`, [
        b.id,
      ]);
      const bal = await sqlq(
        `SELECT asset, SUM(amount - initial)::text AS change FROM bot_balances WHERE bot_id = $1 GROUP BY asset ORDER BY asset`,
        [b.id],
      );
      const change = Object.fromEntries(bal.rows.map((r) => [r.asset, new Decimal(r.change)]));
      expect(new Decimal(sum.rows[0]!.s).eq(bot.rows[0]!.p)).toBe(true);
      expect(sum.rows[0]!.n).toBe(bot.rows[0]!.n);
      expect(change.USDT!.eq(sum.rows[0]!.s)).toBe(true);
      expect(change.BTC!.isZero()).toBe(true);
      expect(new Decimal(sum.rows[0]!.s).toFixed(2)).toBe(new Decimal(bot.rows[0]!.p).toFixed(2));
      const api = await call<{ bot: Bot }>('GET', `/api/bots/${b.id}`, { token: maria.token });
      expect(api.body.bot.totalProfit).toBe(
        new Decimal(bot.rows[0]!.p).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber(),
      );
    }
  });

  it('filters by date range, status and bot; stats over the whole filtered set; paginates', async () => {
    const expectFor = async (where: string, params: unknown[]) => {
      const r = await sqlq(
        `SELECT count(*)::int AS n, count(*) FILTER (WHERE status='completed')::int AS ok, COALESCE(SUM(profit),0)::text AS p,
                COALESCE(SUM(profit_brl),0)::text AS s
           FROM trades WHERE user_id = $1 ${where}`,
        [maria.id, ...params],
      );
      const n = Number(r.rows[0]!.n);
      const p = new Decimal(r.rows[0]!.p);
      // Every trade here is BTC/USDT at 5,45: the stored R$ profits add up to the USDT profits × 5,45.
      const brl = new Decimal(r.rows[0]!.s);
      expect(brl.eq(p.mul('5.45'))).toBe(true);
      return {
        totalTrades: n,
        totalProfit: p.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber(),
        totalProfitBrl: brl.toFixed(2, Decimal.ROUND_HALF_UP),
        successRate: n
          ? new Decimal(r.rows[0]!.ok).mul(100).div(n).toDecimalPlaces(1, Decimal.ROUND_HALF_UP).toNumber()
          : 0,
        avgProfit: n ? p.div(n).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber() : 0,
        avgProfitBrl: n ? brl.div(n).toFixed(2, Decimal.ROUND_HALF_UP) : '0.00',
      };
    };
    const def = await call<TradesResponse>('GET', '/api/trades', { token: maria.token });
    expect(def.status).toBe(200);
    expect(def.body.stats).toEqual(await expectFor(`AND executed_at >= now() - interval '30 days'`, []));
    expect(def.body).toMatchObject({ page: 1, pageSize: 20, total: def.body.stats.totalTrades });
    expect(def.body.trades).toHaveLength(20);
    const times = def.body.trades.map((t) => Date.parse(t.executedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const all = await call<TradesResponse>(
      'GET',
      '/api/trades?dateRange=all&status=failed&bot=' + botB.id + '&page=2&pageSize=7',
      { token: maria.token },
    );
    expect(all.body.stats).toEqual(await expectFor(`AND status = 'failed' AND bot_id = $2`, [botB.id]));
    expect(all.body.trades.length).toBeLessThanOrEqual(7);
    expect(
      all.body.trades.every((t) => t.status === 'failed' && t.botId === botB.id && t.botName === 'Beta'),
    ).toBe(true);

    const week = await call<TradesResponse>('GET', '/api/trades?dateRange=7&status=completed', {
      token: maria.token,
    });
    expect(week.body.stats).toEqual(
      await expectFor(`AND executed_at >= now() - interval '7 days' AND status = 'completed'`, []),
    );
    expect(week.body.trades[0]).toMatchObject({
      pair: 'BTC/USDT',
      buyExchange: 'binance',
      sellExchange: 'gateio',
      status: 'completed',
    });

    const pending = await call<TradesResponse>('GET', '/api/trades?status=pending', { token: maria.token });
    expect(pending.body).toMatchObject({
      trades: [],
      total: 0,
      stats: { totalTrades: 0, totalProfit: 0, successRate: 0, avgProfit: 0 },
    });

    for (const bad of [
      'dateRange=15',
      'status=done',
      'bot=x',
      'page=0',
      'pageSize=500',
      'foo=1',
      'mode=demo',
    ]) {
      expect((await call('GET', `/api/trades?${bad}`, { token: maria.token })).status, bad).toBe(400);
    }
  });

  it('keeps exact stats from the per-day totals through pending, bulk, moved and deleted trades (issue 13)', async () => {
    // Stats come from trade_day_totals (triggers on trades) + the window's partial first day + pending trades:
    // compare them with sums over the trades themselves, at several instants (day boundaries included).
    const repo = new TradesRepository(ds);
    const ana = await register(call, { name: 'Ana' });
    const make = async (name: string) =>
      (
        await call<{ bot: Bot }>('POST', '/api/bots', {
          token: ana.token,
          body: {
            name,
            pairs: ['BTC/USDT'],
            exchanges: ['binance', 'gateio'],
            maxInvestment: 1000,
            minProfitPercent: 0.5,
          },
        })
      ).body.bot;
    const [bot1, bot2] = [await make('Um'), await make('Dois')];
    // 600 trades over 100 days (a trade every 4 h, shifted 7 min a day), both bots, modes and three statuses.
    await sql.query(
      `INSERT INTO trades (user_id, bot_id, bot_name, execution_key, opportunity_id, strategy, mode, pair, buy_exchange,
         sell_exchange, buy_price, sell_price, amount, profit, profit_percent, expected_profit, expected_profit_percent,
         usdt_brl, profit_brl, status, executed_at)
       SELECT $1, CASE WHEN i % 3 = 0 THEN $2::uuid ELSE $3::uuid END, 'Bulk', 'stats:' || i, 'o', 'arbitrage',
              CASE WHEN i % 5 = 0 THEN 'live' ELSE 'paper' END, 'BTC/USDT', 'binance', 'gateio', 60000, 60100, 0.01,
              ((i * 37) % 1000 - 400) / 1000.0, 0.1, 1, 0.1, 5.45, ((i * 37) % 1000 - 400) / 1000.0 * 5.45,
              CASE WHEN i % 11 = 0 THEN 'pending' WHEN i % 4 = 0 THEN 'failed' ELSE 'completed' END,
              now() + interval '1 hour' - i * interval '4 hours 7 minutes'
         FROM generate_series(1, 600) AS i`,
      [ana.id, bot1.id, bot2.id],
    );
    // A pending trade recorded (pending → completed, a different instant), one failed, one deleted.
    await sql.query(`UPDATE trades SET status = 'completed', profit = 1.23456789, profit_brl = 6.7283950005,
                       executed_at = executed_at - interval '3 days' WHERE execution_key = 'stats:11'`);
    await sql.query(`UPDATE trades SET status = 'failed' WHERE execution_key = 'stats:22'`);
    await sql.query(`DELETE FROM trades WHERE execution_key IN ('stats:1', 'stats:400')`);

    const expected = async (
      f: { dateRange: string; status: string; bot: string; mode: string },
      now: Date,
    ) => {
      const since = f.dateRange === 'all' ? null : new Date(now.getTime() - Number(f.dateRange) * DAY);
      const r = await sql.query<{ total: number; completed: number; profit: string; profitBrl: string }>(
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'completed')::int AS completed,
                COALESCE(SUM(profit), 0)::text AS profit, COALESCE(SUM(profit_brl), 0)::text AS "profitBrl"
           FROM trades WHERE user_id = $1 AND ($2::timestamptz IS NULL OR executed_at >= $2)
            AND ($3 = 'all' OR status = $3) AND ($4 = 'all' OR bot_id::text = $4) AND ($5 = 'all' OR mode = $5)`,
        [ana.id, since, f.status, f.bot, f.mode],
      );
      return r.rows[0]!;
    };
    const check = async (label: string) => {
      const midnight = new Date(new Date().toISOString().slice(0, 10) + 'T00:00:00Z');
      const instants = [
        new Date(),
        new Date(Date.now() - 3.5 * DAY),
        midnight,
        new Date(midnight.getTime() - 1),
        // the window's first day read from either side (its trades after, or its totals less its trades before)
        new Date(midnight.getTime() - DAY / 2),
        new Date(midnight.getTime() - DAY / 2 + 1),
        new Date(midnight.getTime() - 0.75 * DAY),
      ];
      for (const now of instants)
        for (const dateRange of ['7', '30', '90', 'all'] as const)
          for (const status of ['all', 'completed', 'failed', 'pending'] as const)
            for (const [bot, mode] of [
              ['all', 'all'],
              [bot1.id, 'all'],
              ['all', 'live'],
            ] as const) {
              const f = { dateRange, status, bot, mode };
              const got = await repo.totals(ana.id as OwnerId, f, now);
              const want = await expected(f, now);
              const where = `${label} ${JSON.stringify(f)} at ${now.toISOString()}`;
              // GET /api/trades reads both in one statement: the same totals and page, an empty page included.
              const offset = dateRange === '7' ? 10_000 : 10;
              const history = await repo.history(ana.id as OwnerId, f, offset, 25, now);
              expect(history.totals, where).toEqual(got);
              expect(history.rows, where).toEqual(await repo.page(ana.id as OwnerId, f, offset, 25, now));
              expect(
                {
                  ...got,
                  profit: new Decimal(got.profit).toFixed(),
                  profitBrl: new Decimal(got.profitBrl).toFixed(),
                },
                where,
              ).toEqual({
                ...want,
                profit: new Decimal(want.profit).toFixed(),
                profitBrl: new Decimal(want.profitBrl).toFixed(),
              });
            }
      // And the rows: every (user, UTC day, bot, mode, status) of recorded trades, nothing else.
      const diff = await sql.query<{ n: number }>(
        `WITH kept AS (SELECT user_id, day, bot_id, mode, status, trades, profit, profit_brl FROM trade_day_totals
                        WHERE trades <> 0 OR profit <> 0 OR profit_brl <> 0),
              real AS (SELECT user_id, (executed_at AT TIME ZONE 'UTC')::date AS day, bot_id, mode, status,
                              count(*)::int AS trades, SUM(profit) AS profit, SUM(profit_brl) AS profit_brl
                         FROM trades WHERE status <> 'pending' GROUP BY 1, 2, 3, 4, 5)
         SELECT ((SELECT count(*) FROM (SELECT * FROM kept EXCEPT SELECT * FROM real) a) +
                 (SELECT count(*) FROM (SELECT * FROM real EXCEPT SELECT * FROM kept) b))::int AS n`,
      );
      expect(diff.rows[0]!.n, label).toBe(0);
    };
    await check('bulk');

    const page = await call<TradesResponse>(
      'GET',
      '/api/trades?dateRange=90&status=completed&page=3&pageSize=50',
      {
        token: ana.token,
      },
    );
    expect(page.body.stats.totalTrades).toBe(
      (await expected({ dateRange: '90', status: 'completed', bot: 'all', mode: 'all' }, new Date())).total,
    );
    const ids = await sql.query<{ id: string }>(
      `SELECT id FROM trades WHERE user_id = $1 AND status = 'completed' AND executed_at >= now() - interval '90 days'
        ORDER BY executed_at DESC, id DESC OFFSET 100 LIMIT 50`,
      [ana.id],
    );
    expect(page.body.trades.map((t) => t.id)).toEqual(ids.rows.map((r) => r.id));

    // A deleted bot's trades stay (bot_id set to null by the foreign key): the totals follow.
    await sql.query(`DELETE FROM bots WHERE id = $1`, [bot2.id]);
    await check('bot deleted');
    // A deleted account takes its totals with it.
    await sql.query(`DELETE FROM users WHERE id = $1`, [ana.id]);
    const left = await sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM trade_day_totals WHERE user_id = $1`,
      [ana.id],
    );
    expect(left.rows[0]!.n).toBe(0);
  }, 120_000);

  it("never shows or exports another user's trades", async () => {
    const mine = await call<TradesResponse>('GET', '/api/trades?dateRange=all', { token: joao.token });
    expect(mine.body.total).toBe(0);
    const hers = await call<TradesResponse>(`GET`, `/api/trades?dateRange=all&bot=${botA.id}`, {
      token: joao.token,
    });
    expect(hers.body.total).toBe(0);
    const csv = await fetch(`${t.platform.baseUrl}/api/trades/export?dateRange=all`, {
      headers: { authorization: `Bearer ${joao.token}` },
    });
    const text = await csv.text();
    expect(text.trim().split('\r\n')).toHaveLength(1);
    expect((await call('GET', `/api/bots/${botA.id}`, { token: joao.token })).status).toBe(404);
  });

  it('exports the filtered set as CSV for a Portuguese spreadsheet (BOM, ;, decimal comma, São Paulo time)', async () => {
    const rec = execution(A(), `${botA.id}:csv:1`, {
      amount: '0.0125',
      buy: '61234.5',
      sell: '61500.25',
      executedAt: new Date('2025-01-15T15:04:05Z'),
    });
    await ledger.record(rec);
    const res = await fetch(
      `${t.platform.baseUrl}/api/trades/export?dateRange=all&bot=${botA.id}&status=completed`,
      {
        headers: { authorization: `Bearer ${maria.token}` },
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="trades_${today}.csv"`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder('utf-8', { ignoreBOM: false }).decode(bytes).split('\r\n');
    expect(lines[0]).toBe(
      'Data;Bot;Par;Compra;Venda;Preço Compra;Preço Venda;Quantidade;Lucro;Lucro %;Status',
    );
    // profit = 0.0125 × 61500.25 × 0.999 − 0.0125 × 61234.5 × 1.001 = 767.9718... − 766.1954...
    const profit = new Decimal(rec.profit).toFixed(2).replace('.', ',');
    const pct = new Decimal(rec.profitPercent).toFixed(2).replace('.', ',');
    expect(lines).toContain(
      `15/01/2025 12:04:05;"Alfa; ""1""";BTC/USDT;Binance;Gate.io;61234,5;61500,25;0,0125;${profit};${pct};Concluído`,
    );
    const statuses = new Set(
      lines
        .slice(1)
        .filter(Boolean)
        .map((l) => l.split(';').at(-1)),
    );
    expect([...statuses]).toEqual(['Concluído']);
    const all = await fetch(`${t.platform.baseUrl}/api/trades/export?dateRange=all`, {
      headers: { authorization: `Bearer ${maria.token}` },
    });
    const allLines = (await all.text()).split('\r\n').filter(Boolean);
    const { rows } = await sqlq(`SELECT count(*)::int AS n FROM trades WHERE user_id = $1`, [maria.id]);
    expect(allLines.length - 1).toBe(rows[0]!.n);
    expect(allLines.some((l) => l.endsWith(';Falhou'))).toBe(true);
    expect((await fetch(`${t.platform.baseUrl}/api/trades/export`)).status).toBe(401);
  });

  it('records a trade whose fees were paid in BNB and that left BTC: profit, legs, marks, R$ fees and balances (issue 25)', async () => {
    // A user of her own: the other tests count Maria's trades.
    const rita = await register(call, { name: 'Rita' });
    const created = await call<{ bot: Bot }>('POST', '/api/bots', {
      token: rita.token,
      body: {
        name: 'Triângulo',
        pairs: ['BTC/USDT', 'ETH/USDT'],
        exchanges: ['binance', 'gateio'],
        maxInvestment: 5450,
        minProfitPercent: 0.1,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const bot = created.body.bot;
    await sql.query(
      `INSERT INTO bot_balances (bot_id, exchange, asset, amount, initial) VALUES ($1,'binance','USDT',5000,5000), ($1,'binance','BNB',1,1)`,
      [bot.id],
    );
    const out = await executeTriangular(
      bnbTriangleContext(
        { id: bot.id, userId: rita.id, name: bot.name, strategy: 'triangular', mode: 'paper' },
        `${bot.id}:bnb`,
      ),
    );
    if (out.kind !== 'executed') throw new Error(out.reason);
    const result = await ledger.record(out.record);
    expect(result.recorded).toBe(true);

    // hand computation: engine/src/execution/testing/bnb-fee-triangle.ts
    const trade = await sqlq(
      `SELECT profit::text AS p, fees_brl::text AS s, plan->'marks'->>'BNB' AS asset FROM trades WHERE id = $1`,
      [result.tradeId],
    );
    expect(new Decimal(trade.rows[0]!.p).toFixed()).toBe(BNB_TRIANGLE.profit);
    expect(new Decimal(trade.rows[0]!.s).toFixed()).toBe(BNB_TRIANGLE.feesBrl);
    expect(trade.rows[0]!.asset).toBe('600');
    const legs = await sql.query<{ seq: number; fee: string; fee_asset: string; other_fees: unknown }>(
      `SELECT seq, fee::text, fee_asset, other_fees FROM trade_legs WHERE trade_id = $1 ORDER BY seq`,
      [result.tradeId],
    );
    expect(legs.rows.map((l) => [l.seq, new Decimal(l.fee).toFixed(), l.fee_asset, l.other_fees])).toEqual([
      [1, '0.0015', 'BNB', [{ cost: '0.000001', currency: 'BTC' }]],
      [2, '0.0002', 'BNB', null],
      [3, '1.003485', 'USDT', null],
    ]);
    // the BTC left and the BNB paid are in the bot's balances; its total is the trade's profit
    const bal = await sqlq(
      `SELECT asset, (amount - initial)::text AS change FROM bot_balances WHERE bot_id = $1 ORDER BY asset`,
      [bot.id],
    );
    // (ETH is flat: leg 3 sold what leg 2 bought; a zero change writes no row)
    const changed = Object.entries(BNB_TRIANGLE.deltas).filter(([, d]) => d !== '0');
    expect(Object.fromEntries(bal.rows.map((r) => [r.asset, new Decimal(r.change).toFixed()]))).toEqual(
      Object.fromEntries(changed),
    );
    const totals = await sqlq(`SELECT total_profit::text AS p FROM bots WHERE id = $1`, [bot.id]);
    expect(new Decimal(totals.rows[0]!.p).toFixed()).toBe(BNB_TRIANGLE.profit);
    const detail = await call<BotDetail>('GET', `/api/bots/${bot.id}`, { token: rita.token });
    expect(
      detail.body.balances.map((b) => [b.asset, new Decimal(b.amount).minus(b.initial).toFixed()]).sort(),
    ).toEqual(changed.sort());
  });
});
