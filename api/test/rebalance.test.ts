import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  type AccountRebalanceView,
  type Bot,
  type BotDetail,
  type RebalanceResult,
} from '@arbitra/contracts';
import { BOT_LOCK_CLASS, TradesRepository, TransfersRepository, botLockKey } from '@arbitra/db';
import { useTestPlatform } from './support/test-platform.js';
import { register, type RegisteredUser } from './support/http.js';
import { waitFor } from '../../scripts/test-support/wait.js';

const M = MESSAGES.rebalance;

/**
 * Issue 29, items 2 and 4: a paper bot's rebalancing plan, 'Rebalancear' (simulated transfers: fee deducted, funds
 * in transit, then credited), and the request sequences a user can produce. Paper transfers arrive after 1 s here
 * (PAPER_TRANSFER_SECONDS); the test waits on the balances, never on a clock.
 *
 * The bot started with 1.000 USDT and 0,01 BTC on each of binance and gateio; its trades left
 *   binance: 1.500 USDT, 0,005 BTC      gateio: 500 USDT, 0,015 BTC
 * By hand, on the shipped table (2026-11-28):
 *   USDT: target 1.000 each → 500 binance → gateio. Binance withdraws USDT on TRC20 (1), ERC20 (3), BEP20 (0,01),
 *         SOL (1); gateio credits all four → BEP20, fee 0,01, gateio receives 499,99; 5 min.
 *   BTC:  target 0,01 each → 0,005 gateio → binance. Gateio: BTC (0,0003), BEP20 (0,00001); binance credits both →
 *         BEP20, fee 0,00001, binance receives 0,00499; 5 min.
 *   Fees in USDT: 0,01 (BTC has no price without a market: listed as unpriced).
 * After the arrival: binance 1.000 USDT, 0,00999 BTC; gateio 999,99 USDT, 0,01 BTC.
 */
describe('rebalancing a paper bot (issue 29)', () => {
  const t = useTestPlatform({ env: { PAPER_TRANSFER_SECONDS: '1' } });
  const { call, sql } = t;
  let maria: RegisteredUser;
  let joao: RegisteredUser;
  let bot: Bot;

  const balances = async (id: string) => {
    const { rows } = await sql.query<{ exchange: string; asset: string; amount: string }>(
      `SELECT exchange, asset, trim_scale(amount)::text AS amount FROM bot_balances WHERE bot_id = $1 ORDER BY 1, 2`,
      [id],
    );
    return Object.fromEntries(rows.map((r) => [`${r.exchange}:${r.asset}`, r.amount]));
  };
  const transfers = async (id: string) =>
    (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM transfers WHERE bot_id = $1`, [id]))
      .rows[0]!.n;
  const rebalance = (id: string, key: string, token = maria.token) =>
    call<RebalanceResult & { message: string }>('POST', `/api/bots/${id}`, {
      token,
      body: { action: 'rebalance', key },
    });

  beforeAll(async () => {
    maria = await register(call, { name: 'Maria' });
    joao = await register(call, { name: 'João' });
    const res = await call<{ bot: Bot }>('POST', '/api/bots', {
      token: maria.token,
      body: {
        name: 'Rebalanceável',
        pairs: ['BTC/USDT'],
        exchanges: ['binance', 'gateio'],
        maxInvestment: 1000,
        minProfitPercent: 0.5,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    bot = res.body.bot;
    // The trade that moved the inventory (bought 0,005 BTC on gateio, sold it on binance, at 100.000), in the ledger
    await new TradesRepository(await t.dataSource()).insertCompleted(maria.id, bot.name, [
      {
        executionKey: `drift:${bot.id}`,
        mode: 'paper',
        pair: 'BTC/USDT',
        buyExchange: 'gateio',
        sellExchange: 'binance',
        buyPrice: '100000',
        sellPrice: '100000',
        amount: '0.005',
        profit: '0',
        profitPercent: '0',
        usdtBrl: '5',
        executedAt: new Date(),
        profitBrl: '0',
        feesBrl: '0',
        volumeBrl: '5000',
        legs: [
          {
            exchange: 'gateio',
            symbol: 'BTC/USDT',
            side: 'buy',
            amount: '0.005',
            price: '100000',
            quoteAmount: '500',
            fee: '0',
            feeAsset: 'BTC',
          },
          {
            exchange: 'binance',
            symbol: 'BTC/USDT',
            side: 'sell',
            amount: '0.005',
            price: '100000',
            quoteAmount: '500',
            fee: '0',
            feeAsset: 'USDT',
          },
        ],
      },
    ]);
    await sql.query(`UPDATE trades SET bot_id = $1 WHERE execution_key = $2`, [bot.id, `drift:${bot.id}`]);
    await sql.query(
      `INSERT INTO bot_balances (bot_id, exchange, asset, amount, initial) VALUES
         ($1, 'binance', 'USDT', 1500, 1000), ($1, 'gateio', 'USDT', 500, 1000),
         ($1, 'binance', 'BTC', 0.005, 0.01), ($1, 'gateio', 'BTC', 0.015, 0.01)`,
      [bot.id],
    );
  });

  it('shows the plan: asset, from, to, amount, network, fee, time, cost, and the table used', async () => {
    const res = await call<BotDetail>('GET', `/api/bots/${bot.id}?include=rebalance`, { token: maria.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const r = res.body.rebalance!;
    expect(r.plan.transfers).toEqual([
      expect.objectContaining({
        asset: 'BTC',
        from: 'gateio',
        to: 'binance',
        amount: '0.005',
        network: 'BEP20',
        fee: '0.00001',
        received: '0.00499',
        minutes: 5,
        feeUsdt: null,
      }),
      expect.objectContaining({
        asset: 'USDT',
        from: 'binance',
        to: 'gateio',
        amount: '500',
        network: 'BEP20',
        fee: '0.01',
        received: '499.99',
        minutes: 5,
        feeUsdt: '0.01',
      }),
    ]);
    expect(r.plan.totalFeeUsdt).toBe('0.01');
    expect(r.plan.unpriced).toEqual(['BTC']);
    expect(r.plan.table).toMatchObject({ source: 'embarcada', asOf: '2026-11-28' });
    expect(r.inTransit).toEqual([]);
    // without ?include=rebalance the detail is as before
    const plain = await call<BotDetail>('GET', `/api/bots/${bot.id}`, { token: maria.token });
    expect(plain.body.rebalance).toBeUndefined();
  });

  it("another user's bot: 404 for the plan and for 'Rebalancear'", async () => {
    expect((await call('GET', `/api/bots/${bot.id}?include=rebalance`, { token: joao.token })).status).toBe(
      404,
    );
    const res = await rebalance(bot.id, 'joao-1', joao.token);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(MESSAGES.bots.notFound);
    expect(await transfers(bot.id)).toBe(0);
  });

  it('bad input: an unknown action or no key is a pt-BR 400', async () => {
    const a = await call('POST', `/api/bots/${bot.id}`, {
      token: maria.token,
      body: { action: 'withdraw', key: 'x' },
    });
    expect(a.status).toBe(400);
    expect(a.body.message).toBe(M.actionInvalid);
    const b = await call('POST', `/api/bots/${bot.id}`, {
      token: maria.token,
      body: { action: 'rebalance' },
    });
    expect(b.status).toBe(400);
    expect(b.body.message).toBe(M.keyRequired);
  });

  it('while an execution of the bot holds its lock, nothing is moved (503, pt-BR), and nothing is lost', async () => {
    const holder = new pg.Client({ connectionString: t.db.url });
    await holder.connect();
    try {
      await holder.query(`SELECT pg_advisory_lock($1::int, $2::int)`, [BOT_LOCK_CLASS, botLockKey(bot.id)]);
      const res = await rebalance(bot.id, 'during-trade');
      expect(res.status).toBe(503);
      expect(res.body.message).toBe(M.busy);
      expect(await transfers(bot.id)).toBe(0);
      expect(await balances(bot.id)).toMatchObject({ 'binance:USDT': '1500', 'gateio:BTC': '0.015' });
    } finally {
      await holder.end();
    }
  });

  it("'Rebalancear' of the stopped bot, double-clicked: one rebalance; the sources debited, the funds in transit", async () => {
    expect(bot.active).toBe(false);
    const [a, b] = await Promise.all([rebalance(bot.id, 'click-1'), rebalance(bot.id, 'click-1')]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.executed, b.body.executed].sort()).toEqual([false, true]);
    const first = a.body.executed ? a.body : b.body;
    expect(first.message).toBe(M.executed(2));
    expect(first.transfers.map((x) => [x.asset, x.amount, x.fee, x.received, x.status])).toEqual([
      ['BTC', '0.005', '0.00001', '0.00499', 'in_transit'],
      ['USDT', '500', '0.01', '499.99', 'in_transit'],
    ]);
    expect(await transfers(bot.id)).toBe(2);
    // Debited at once; nothing credited yet (in transit: the bot cannot trade it)
    const now = await balances(bot.id);
    expect(now['binance:USDT']).toBe('1000');
    expect(now['gateio:BTC']).toBe('0.01');
    expect(now['gateio:USDT']).toBe('500');

    // A retry after a timeout (same key): the same transfers, nothing more
    const retry = await rebalance(bot.id, 'click-1');
    expect(retry.status).toBe(200);
    expect(retry.body.executed).toBe(false);
    expect(retry.body.message).toBe(M.alreadyExecuted);
    expect(retry.body.transfers.map((x) => x.id)).toEqual(first.transfers.map((x) => x.id));
    expect(await transfers(bot.id)).toBe(2);
  });

  it('the transfers arrive after their time: credited (amount − fee) and reconciled with the ledger', async () => {
    const arrived = await waitFor(async () => {
      const res = await call<BotDetail>('GET', `/api/bots/${bot.id}?include=rebalance`, {
        token: maria.token,
      });
      return res.body.rebalance!.inTransit.length === 0 ? res.body : undefined;
    }, 30_000);
    expect(arrived, 'the transfers never arrived').toBeDefined();
    expect(arrived!.rebalance!.recent.map((x) => x.status)).toEqual(['completed', 'completed']);
    expect(await balances(bot.id)).toEqual({
      'binance:BTC': '0.00999',
      'binance:USDT': '1000',
      'gateio:BTC': '0.01',
      'gateio:USDT': '999.99',
    });
    // balances = initial + trades + transfers
    const ledger = new TransfersRepository(await t.dataSource());
    const rows = await ledger.reconcile(bot.id);
    expect(rows).toHaveLength(4);
    for (const row of rows)
      expect(Number(row.amount), `${row.exchange}:${row.asset}`).toBe(Number(row.expected));
  });

  it('nothing left worth moving: 422 with the reason; a new click while in transit is refused', async () => {
    const res = await rebalance(bot.id, 'click-2');
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(M.nothingToDo);
  });

  it('the account plan puts every bot together', async () => {
    const res = await call<AccountRebalanceView>('GET', '/api/bots?view=rebalance', { token: maria.token });
    expect(res.status).toBe(200);
    expect(res.body.bots.map((b) => b.botName)).toEqual(['Rebalanceável']);
    expect(res.body.recent).toHaveLength(2);
    expect(res.body.plan.table.source).toBe('embarcada');
    const other = await call<AccountRebalanceView>('GET', '/api/bots?view=rebalance', { token: joao.token });
    expect(other.body.bots).toEqual([]);
    expect(other.body.recent).toEqual([]);
  });

  it("a live bot: the plan is shown, 'Rebalancear' is refused (Arbitra never withdraws)", async () => {
    await sql.query(`UPDATE bots SET mode = 'live' WHERE id = $1`, [bot.id]);
    const res = await rebalance(bot.id, 'live-1');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(M.liveRefused);
    const plan = await call<BotDetail>('GET', `/api/bots/${bot.id}?include=rebalance`, {
      token: maria.token,
    });
    expect(plan.status).toBe(200);
    expect(plan.body.rebalance!.plan).toBeDefined();
    expect(await transfers(bot.id)).toBe(2);
  });
});
