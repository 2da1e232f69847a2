import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TradesRepository, createDataSource } from '@arbitra/db';
import type { Bot, OverviewResponse } from '@arbitra/contracts';
import { TradeLedger } from '../../engine/src/execution/trade-ledger.js';
import { execution, prng } from './support/executions.js';
import { useTestPlatform } from './support/test-platform.js';
import { register, type RegisteredUser } from './support/http.js';

const HOUR = 3600 * 1000;

/**
 * 'Visão geral' (DECISIONS §13): every figure of GET /api/trades/overview against an independent SQL computation
 * over `trades` (São Paulo's day by `AT TIME ZONE`, ROUND to centavos), for each mode, and never another's trades.
 */
describe('GET /api/trades/overview: the home P&L and equity curve', () => {
  const t = useTestPlatform();
  const { call, sql } = t;
  let ds: ReturnType<typeof createDataSource>;
  let ledger: TradeLedger;
  let ana: RegisteredUser;
  let bia: RegisteredUser;
  let anaBotId: string;

  /** A bot of `user` with paper balances the test executions draw on. */
  async function botOf(user: RegisteredUser, name: string): Promise<Bot> {
    const { body } = await call<{ bot: Bot }>('POST', '/api/bots', {
      token: user.token,
      body: {
        name,
        pairs: ['BTC/USDT'],
        exchanges: ['binance', 'gateio'],
        maxInvestment: 1000,
        minProfitPercent: 0.5,
      },
    });
    await sql.query(
      `INSERT INTO bot_balances (bot_id, exchange, asset, amount, initial) VALUES
         ($1,'binance','USDT',100000,100000), ($1,'gateio','USDT',100000,100000),
         ($1,'binance','BTC',10,10), ($1,'gateio','BTC',10,10)`,
      [body.bot.id],
    );
    return body.bot;
  }

  beforeAll(async () => {
    ds = createDataSource(t.db.url);
    await ds.initialize();
    ledger = new TradeLedger(new TradesRepository(ds));
    ana = await register(call, { name: 'Ana' });
    bia = await register(call, { name: 'Bia' });
    const anaBot = await botOf(ana, 'Ana 1');
    anaBotId = anaBot.id;
    const biaBot = await botOf(bia, 'Bia 1');
    const rnd = prng(27);
    const now = Date.now();
    // Ana: trades over 90 days in both modes, some failed, at varying USDT/BRL rates; the first hours around
    // São Paulo's midnight and the 7/30-day edges are covered by the spread of ages.
    for (let i = 0; i < 240; i++) {
      let ageHours = i < 20 ? rnd() * 30 : rnd() * 24 * 90;
      // Not within minutes of the 7- and 30-day edges, which move while the test runs.
      if ([168, 720].some((edge) => Math.abs(ageHours - edge) < 0.1)) ageHours += 0.2;
      const buy = (60000 + Math.floor(rnd() * 5000)).toString();
      const sell = (Number(buy) * (0.996 + rnd() * 0.01)).toFixed(2);
      await ledger.record(
        execution({ id: anaBot.id, userId: ana.id, name: anaBot.name }, `ov:ana:${i}`, {
          amount: (0.001 + Math.floor(rnd() * 1000) / 100000).toFixed(5),
          buy,
          sell,
          executedAt: new Date(now - ageHours * HOUR),
          status: rnd() < 0.15 ? 'failed' : 'completed',
          mode: rnd() < 0.3 ? 'live' : 'paper',
          usdtBrl: (5 + rnd()).toFixed(4),
        }),
      );
    }
    // Bia: her own trades, today, that must never reach Ana's figures.
    for (let i = 0; i < 5; i++) {
      await ledger.record(
        execution({ id: biaBot.id, userId: bia.id, name: biaBot.name }, `ov:bia:${i}`, {
          amount: '0.5',
          buy: '60000',
          sell: '61000',
          executedAt: new Date(now - i * HOUR),
          mode: 'live',
        }),
      );
    }
    // A pending trade (the journal, before any order) has no result yet: not in the P&L.
    await sql.query(`UPDATE trades SET status = 'pending' WHERE execution_key = 'ov:ana:0'`);
  });

  afterAll(async () => {
    await ds?.destroy();
  });

  /** The independent computation: straight from `trades`. */
  async function expected(userId: string, mode: string) {
    const { rows } = await sql.query<Record<string, string>>(
      `SELECT
         COUNT(*) FILTER (WHERE (executed_at AT TIME ZONE 'America/Sao_Paulo')::date = (now() AT TIME ZONE 'America/Sao_Paulo')::date)::int AS today_n,
         ROUND(COALESCE(SUM(profit_brl) FILTER (WHERE (executed_at AT TIME ZONE 'America/Sao_Paulo')::date = (now() AT TIME ZONE 'America/Sao_Paulo')::date), 0), 2)::text AS today_brl,
         ROUND(COALESCE(SUM(profit) FILTER (WHERE (executed_at AT TIME ZONE 'America/Sao_Paulo')::date = (now() AT TIME ZONE 'America/Sao_Paulo')::date), 0), 2)::float8 AS today_usdt,
         COUNT(*) FILTER (WHERE executed_at > now() - interval '7 days')::int AS d7_n,
         ROUND(COALESCE(SUM(profit_brl) FILTER (WHERE executed_at > now() - interval '7 days'), 0), 2)::text AS d7_brl,
         ROUND(COALESCE(SUM(profit) FILTER (WHERE executed_at > now() - interval '7 days'), 0), 2)::float8 AS d7_usdt,
         COUNT(*) FILTER (WHERE executed_at > now() - interval '30 days')::int AS d30_n,
         ROUND(COALESCE(SUM(profit_brl) FILTER (WHERE executed_at > now() - interval '30 days'), 0), 2)::text AS d30_brl,
         ROUND(COALESCE(SUM(profit) FILTER (WHERE executed_at > now() - interval '30 days'), 0), 2)::float8 AS d30_usdt,
         COUNT(*)::int AS all_n,
         ROUND(COALESCE(SUM(profit_brl), 0), 2)::text AS all_brl,
         ROUND(COALESCE(SUM(profit), 0), 2)::float8 AS all_usdt,
         COUNT(DISTINCT (executed_at AT TIME ZONE 'UTC')::date)::int AS days
       FROM trades WHERE user_id = $1 AND mode = $2 AND status IN ('completed', 'failed')`,
      [userId, mode],
    );
    const r = rows[0]!;
    const n = (k: string) => Number(r[k]);
    return {
      pnl: {
        today: { trades: n('today_n'), brl: r.today_brl!, usdt: n('today_usdt') },
        days7: { trades: n('d7_n'), brl: r.d7_brl!, usdt: n('d7_usdt') },
        days30: { trades: n('d30_n'), brl: r.d30_brl!, usdt: n('d30_usdt') },
        total: { trades: n('all_n'), brl: r.all_brl!, usdt: n('all_usdt') },
      },
      days: n('days'),
    };
  }

  it('matches SQL over the trades for each mode, live by default once there are live trades', async () => {
    const byDefault = await call<OverviewResponse>('GET', '/api/trades/overview', { token: ana.token });
    expect(byDefault.status).toBe(200);
    expect(byDefault.body.mode).toBe('live');
    expect([...byDefault.body.tradedModes].sort()).toEqual(['live', 'paper']);
    for (const mode of ['live', 'paper'] as const) {
      const res = await call<OverviewResponse>('GET', `/api/trades/overview?mode=${mode}`, {
        token: ana.token,
      });
      expect(res.status).toBe(200);
      const want = await expected(ana.id, mode);
      expect(res.body.pnl).toEqual(want.pnl);
      expect(want.pnl.total.trades).toBeGreaterThan(20);
      // The curve: one point per UTC day with trades, ending at the total.
      expect(res.body.equity).toHaveLength(want.days);
      expect(res.body.equity.at(-1)?.brl.toFixed(2)).toBe(want.pnl.total.brl);
      expect(res.body.equity.map((p) => p.day)).toEqual([...res.body.equity.map((p) => p.day)].sort());
    }
    // Each bot's last trade, whatever its mode.
    const { rows } = await sql.query<{ executed_at: Date; profit_brl: string; status: string }>(
      `SELECT executed_at, ROUND(profit_brl, 2)::text AS profit_brl, status FROM trades
        WHERE user_id = $1 ORDER BY executed_at DESC LIMIT 1`,
      [ana.id],
    );
    expect(byDefault.body.lastTrades).toEqual([
      {
        botId: anaBotId,
        executedAt: rows[0]!.executed_at.toISOString(),
        status: rows[0]!.status,
        profitBrl: rows[0]!.profit_brl,
      },
    ]);
  });

  it("never counts another user's trades; a new user starts at zero in paper", async () => {
    const bias = await call<OverviewResponse>('GET', '/api/trades/overview', { token: bia.token });
    expect(bias.body.pnl).toEqual((await expected(bia.id, 'live')).pnl);
    expect(bias.body.pnl.total.trades).toBe(5);
    const carla = await register(call, { name: 'Carla' });
    const fresh = await call<OverviewResponse>('GET', '/api/trades/overview', { token: carla.token });
    expect(fresh.body).toEqual({
      mode: 'paper',
      tradedModes: [],
      pnl: {
        today: { trades: 0, brl: '0.00', usdt: 0 },
        days7: { trades: 0, brl: '0.00', usdt: 0 },
        days30: { trades: 0, brl: '0.00', usdt: 0 },
        total: { trades: 0, brl: '0.00', usdt: 0 },
      },
      equity: [],
      lastTrades: [],
    });
  });

  it('refuses a bad mode with a pt-BR 400 and a visitor with 401', async () => {
    const bad = await call<{ message: string }>('GET', '/api/trades/overview?mode=real', {
      token: ana.token,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/inválid/i);
    expect((await call('GET', '/api/trades/overview')).status).toBe(401);
  });
});
