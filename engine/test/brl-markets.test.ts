import { io as connect, type Socket } from 'socket.io-client';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS, type Trade } from '@arbitra/contracts';
import { ScannerService } from '../src/scanner/scanner.service.js';
import { createTestDatabase, type TestDatabase } from '../../scripts/test-support/database.js';
import { waitFor } from '../../scripts/test-support/wait.js';
import { startPlatform, type TestPlatform } from '../../scripts/test-support/platform.js';
import { client, register, type Client, type RegisteredUser } from '../../api/test/support/http.js';
import { forceGap, startGapBot } from './support/forced-gap.js';

describe('BRL markets in the engine (issue 15 §2): arbitrage in reais between Mercado Bitcoin and Binance', () => {
  let db: TestDatabase;
  let platform: TestPlatform;
  let call: Client;
  let sql: pg.Client;
  let ana: RegisteredUser;
  let socket: Socket | undefined;

  beforeAll(async () => {
    db = await createTestDatabase();
    platform = await startPlatform({ databaseUrl: db.url, engines: 1 });
    call = client(platform.baseUrl);
    sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    ana = await register(call, { name: 'Ana' });
    await sql.query(
      `UPDATE subscriptions SET plan_id = 'professional', status = 'active' WHERE user_id = $1`,
      [ana.id],
    );
  });

  afterAll(async () => {
    socket?.close();
    await sql?.end();
    await platform?.close();
    await db?.drop();
  });

  it('watches BRL books on both exchanges and publishes the USDT/BRL premium with the snapshot', async () => {
    const scanner = platform.engines[0]!.get(ScannerService).scanner;
    const markets = await waitFor(() => {
      const s = scanner.store.slots().filter((x) => x.symbol.endsWith('/BRL') && x.updates > 0);
      return s.length >= 14 ? s : undefined;
    }, 15_000);
    const names = markets!.map((s) => `${s.exchange}:${s.symbol}`);
    for (const m of [
      'binance:BTC/BRL',
      'binance:ETH/BRL',
      'binance:USDT/BRL',
      'mercadobitcoin:BTC/BRL',
      'mercadobitcoin:USDT/BRL',
    ])
      expect(names).toContain(m);
    expect(names.some((n) => n.startsWith('gateio:'))).toBe(false);
    const snapshot = await waitFor(
      async () => {
        const r = await call<{
          scanner: {
            usdtBrlPremium?: { spreads: { exchange: string; versus: string; pct: string }[] };
          } | null;
        }>('GET', '/api/market/snapshot');
        return r.body.scanner?.usdtBrlPremium?.spreads.length ? r.body.scanner.usdtBrlPremium : undefined;
      },
      15_000,
      250,
    );
    expect(snapshot!.spreads[0]).toMatchObject({ exchange: 'mercadobitcoin', versus: 'binance' });
    expect(Math.abs(Number(snapshot!.spreads[0]!.pct))).toBeLessThan(2);
  });

  it('a forced dislocation on BTC/BRL is detected and traded by a Profissional paper bot, profit in reais', async () => {
    const trades: Trade[] = [];
    socket = connect(platform.baseUrl, { transports: ['websocket'], auth: { token: ana.token } });
    socket.on(EVENTS.tradeNew, (t: Trade) => trades.push(t));
    await new Promise<void>((resolve) => socket!.on('connect', () => resolve()));

    const id = await startGapBot(platform, call, ana.token, {
      name: 'Reais',
      pair: 'BTC/BRL',
      exchanges: ['mercadobitcoin', 'binance'],
      minProfitPercent: 0.5,
    });
    // the paper balances: reais and BTC on both exchanges (R$ 50.000 split, half cash, half BTC)
    const seeded = await waitFor(async () => {
      const r = await sql.query<{ exchange: string; asset: string; amount: string }>(
        `SELECT exchange, asset, amount::text FROM bot_balances WHERE bot_id = $1 AND asset = 'BRL' ORDER BY exchange`,
        [id],
      );
      return r.rows.length === 2 ? r.rows : undefined;
    }, 10_000);
    for (const row of seeded!) expect(Number(row.amount)).toBeCloseTo(12_500, 0);
    const brlBefore = seeded!.reduce((sum, r) => sum + Number(r.amount), 0);

    // BTC/BRL on Mercado Bitcoin 3 % below the market: buy there, sell on Binance (fees 0,7 % + 0,1 %)
    const gap = forceGap(platform, 'mercadobitcoin', 'BTC/BRL', -0.03);
    // A generous deadline (the house's rule: the hot path's latency is bench/'s figure, not a timed test's).
    const pushed = await waitFor(() => trades.find((t) => t.botId === id), 30_000, 10);
    gap.stop();
    expect(pushed, 'no trade:new within 30 s of the dislocation').toBeDefined();
    expect(pushed).toMatchObject({
      pair: 'BTC/BRL',
      buyExchange: 'mercadobitcoin',
      sellExchange: 'binance',
      status: 'completed',
      mode: 'paper',
    });
    const o = gap.seen.find((x) => x.id === 'arbitrage:BTC/BRL:mercadobitcoin>binance')!;
    expect(o, 'the scanner saw the BRL opportunity').toBeDefined();
    // its profit is in reais: profitBrl = profit, USDT at the rate
    expect(Number(o.profitBrl)).toBeCloseTo(Number(o.profitUsdt) * Number(o.usdtBrl), 1);
    expect(pushed!.profitPercent).toBeGreaterThan(1);
    expect(pushed!.profitPercent).toBeLessThan(3);

    // The ledger: the reais sold − the sell's fee − the reais bought = the BRL balance change; the buy's fee is in
    // the BTC received (as the exchanges charge it): profit × rate = that change − the BTC fee at the buy's price.
    const legs = await sql.query<{
      side: string;
      quote: string;
      fee: string;
      fee_asset: string;
      price: string;
    }>(
      `SELECT l.side, l.quote_amount::text AS quote, l.fee::text AS fee, l.fee_asset, l.avg_price::text AS price
         FROM trade_legs l WHERE l.trade_id = $1 ORDER BY l.seq`,
      [pushed!.id],
    );
    expect(legs.rows.map((l) => [l.side, l.fee_asset])).toEqual([
      ['buy', 'BTC'],
      ['sell', 'BRL'],
    ]);
    const [buy, sell] = [legs.rows[0]!, legs.rows[1]!];
    const brlChange = Number(sell.quote) - Number(sell.fee) - Number(buy.quote);
    const reais = brlChange - Number(buy.fee) * Number(buy.price);
    expect(reais).toBeGreaterThan(0);
    const row = await sql.query<{ profit: string; usdt_brl: string }>(
      `SELECT profit::text, usdt_brl::text FROM trades WHERE id = $1`,
      [pushed!.id],
    );
    expect(Number(row.rows[0]!.profit) * Number(row.rows[0]!.usdt_brl)).toBeCloseTo(reais, 2);
    const brl = await sql.query<{ total: string }>(
      `SELECT SUM(amount)::text AS total FROM bot_balances WHERE bot_id = $1 AND asset = 'BRL'`,
      [id],
    );
    expect(Number(brl.rows[0]!.total)).toBeCloseTo(brlBefore + brlChange, 6);
    await call('POST', `/api/bots/${id}/toggle`, { token: ana.token });
  }, 120_000);
});
