import { Decimal } from 'decimal.js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  TRADES_BRL_CSV_COLUMNS,
  TRADES_CSV_COLUMNS,
  brlForDisplay,
  type BotDetail,
  type TradesResponse,
} from '@arbitra/contracts';
import { createTestDatabase, type TestDatabase } from '../../scripts/test-support/database.js';
import { waitFor } from '../../scripts/test-support/wait.js';
import { startPlatform, type TestPlatform } from '../../scripts/test-support/platform.js';
import { client, register, type Client, type RegisteredUser } from '../../api/test/support/http.js';
import { forceGap, startGapBot } from './support/forced-gap.js';

/** Issue 15 item 1: a paper bot's trade in R$, from the ledger's columns to the history, the bot and the R$ CSV. */
describe('R$ in every result: a paper trade (issue 15)', () => {
  let db: TestDatabase;
  let platform: TestPlatform;
  let call: Client;
  let sql: pg.Client;
  let maria: RegisteredUser;

  beforeAll(async () => {
    db = await createTestDatabase();
    platform = await startPlatform({ databaseUrl: db.url, engines: 1 });
    call = client(platform.baseUrl);
    sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    maria = await register(call, { name: 'Maria' });
  });

  afterAll(async () => {
    await sql?.end();
    await platform?.close();
    await db?.drop();
  });

  it("the history's R$ figures are the ledger's columns, profit × the trade's USDT/BRL rate; the R$ CSV has them; mode filters", async () => {
    const id = await startGapBot(platform, call, maria.token, {
      name: 'Reais',
      pair: 'ETH/USDT',
      exchanges: ['binance', 'gateio'],
      minProfitPercent: 0.3,
    });
    forceGap(platform, 'binance', 'ETH/USDT', -0.02).stop();

    const list = await waitFor(
      async () => {
        const r = await call<TradesResponse>('GET', `/api/trades?bot=${id}&mode=paper`, {
          token: maria.token,
        });
        // The journal writes the trade 'pending' before its orders: wait for the recorded one.
        return r.body.trades.some((t) => t.status === 'completed') ? r.body : undefined;
      },
      30_000,
      200,
    );
    expect(list, 'no paper trade after the dislocation').toBeDefined();
    await call('POST', `/api/bots/${id}/toggle`, { token: maria.token });
    const trade = list!.trades.find((t) => t.status === 'completed')!;
    expect(trade).toMatchObject({ mode: 'paper', quote: 'USDT', pair: 'ETH/USDT' });

    const stored = await sql.query<Record<string, string>>(
      `SELECT profit::text, usdt_brl::text, profit_brl::text, fees_brl::text, volume_brl::text,
              (SELECT SUM(CASE WHEN l.fee_asset = 'USDT' THEN l.fee
                               ELSE l.fee * (SELECT p.avg_price FROM trade_legs p
                                              WHERE p.trade_id = t.id AND p.filled_amount > 0
                                                AND p.symbol = l.fee_asset || '/USDT' ORDER BY p.seq LIMIT 1) END)
                 FROM trade_legs l WHERE l.trade_id = t.id)::text AS fees_usdt,
              (SELECT SUM(quote_amount) FROM trade_legs WHERE trade_id = t.id AND side = 'buy')::text AS bought
         FROM trades t WHERE id = $1`,
      [trade.id],
    );
    const row = stored.rows[0]!;
    // Stored exactly: profit × rate, fees (a buy's in the ETH received, at the trade's price) × rate, USDT bought × rate.
    expect(new Decimal(row.profit_brl!).eq(new Decimal(row.profit!).mul(row.usdt_brl!))).toBe(true);
    expect(new Decimal(row.fees_brl!).eq(new Decimal(row.fees_usdt!).mul(row.usdt_brl!))).toBe(true);
    expect(new Decimal(row.volume_brl!).eq(new Decimal(row.bought!).mul(row.usdt_brl!))).toBe(true);
    expect(new Decimal(row.profit_brl!).gt(0)).toBe(true);
    // The history shows the stored columns, to the centavo.
    expect(trade.usdtBrl).toBe(row.usdt_brl);
    expect(trade.profitBrl).toBe(brlForDisplay(row.profit_brl!));
    expect(trade.feesBrl).toBe(brlForDisplay(row.fees_brl!));
    expect(trade.volumeBrl).toBe(brlForDisplay(row.volume_brl!));
    const all = await sql.query<{ s: string }>(
      `SELECT SUM(profit_brl)::text AS s FROM trades WHERE bot_id = $1`,
      [id],
    );
    const again = await call<TradesResponse>('GET', `/api/trades?bot=${id}`, { token: maria.token });
    expect(again.body.stats.totalProfitBrl).toBe(brlForDisplay(all.rows[0]!.s));

    // The bot's total and its detail in R$ (the ledger's running sum).
    const detail = await call<BotDetail>('GET', `/api/bots/${id}`, { token: maria.token });
    const sum = await sql.query<{ s: string }>(
      `SELECT SUM(profit_brl)::text AS s FROM trades WHERE bot_id = $1`,
      [id],
    );
    expect(detail.body.bot.totalProfitBrl).toBe(brlForDisplay(sum.rows[0]!.s));
    expect(detail.body.realisedProfitBrl).toBe(brlForDisplay(sum.rows[0]!.s));
    expect(detail.body.recentTrades[0]!.profitBrl).toBe(trade.profitBrl);

    // Mode filter: the paper trade is not among the live ones; a bad mode is a 400 in pt-BR.
    const live = await call<TradesResponse>('GET', `/api/trades?bot=${id}&mode=live`, { token: maria.token });
    expect(live.body.total).toBe(0);
    const bad = await call<{ message: string }>('GET', '/api/trades?mode=demo', { token: maria.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MESSAGES.trades.invalidFilter);
    const badExport = await fetch(`${platform.baseUrl}/api/trades/export-brl?mode=x`, {
      headers: { authorization: `Bearer ${maria.token}` },
    });
    expect(badExport.status).toBe(400);

    // The SPEC CSV keeps its columns; the second one adds the rate and the R$ figures.
    const auth = { headers: { authorization: `Bearer ${maria.token}` } };
    const spec = (await (await fetch(`${platform.baseUrl}/api/trades/export?bot=${id}`, auth)).text()).split(
      '\r\n',
    );
    expect(spec[0]).toBe(`${TRADES_CSV_COLUMNS.join(';')}`);
    const res = await fetch(`${platform.baseUrl}/api/trades/export-brl?bot=${id}&mode=paper`, auth);
    expect(res.status).toBe(200);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="trades_brl_${today}.csv"`);
    const lines = (await res.text()).split('\r\n');
    expect(lines[0]).toBe(`${TRADES_BRL_CSV_COLUMNS.join(';')}`);
    expect(lines[0]).toContain('Cotação USDT/BRL;Volume R$;Taxas R$;Lucro R$');
    const comma = (v: string) => new Decimal(v).toFixed(2, Decimal.ROUND_HALF_UP).replace('.', ',');
    const rate = new Decimal(row.usdt_brl!).toFixed().replace('.', ',');
    const tail = `;Concluído;USDT;Simulado;${rate};${comma(row.volume_brl!)};${comma(row.fees_brl!)};${comma(row.profit_brl!)}`;
    expect(
      lines.some((l) => l.endsWith(tail)),
      tail,
    ).toBe(true);
  }, 90_000);
});
