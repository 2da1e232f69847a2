import { randomUUID } from 'node:crypto';
import { Decimal } from 'decimal.js';
import type { DataSource } from 'typeorm';
import { tradeBrlFigures } from '@arbitra/contracts';

/** A two-leg arbitrage trade as a fixture: bought on one exchange, sold on another, fees in the quote. */
export interface FixtureTrade {
  /** Unique execution key (a second insert of the same key is skipped). */
  key: string;
  executedAt: Date;
  pair: string;
  usdtBrl: string;
  amount: string;
  buyExchange: string;
  buyPrice: string;
  sellExchange: string;
  sellPrice: string;
  /** Fee rate of each leg (0.001 = 0,1 %). */
  feeRate: string;
  mode?: 'live' | 'paper';
}

const BATCH = 5_000;

/**
 * Inserts fixture trades with their legs for one user, bypassing the engine (the seed of the demo user's
 * 'Impostos' month, the integration tests and the tax benchmark). Returns how many were inserted.
 */
export async function insertFixtureTrades(
  ds: DataSource,
  userId: string,
  botName: string,
  trades: readonly FixtureTrade[],
): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < trades.length; i += BATCH) {
    const batch = trades.slice(i, i + BATCH).map((t) => {
      const cost = new Decimal(t.amount).mul(t.buyPrice);
      const revenue = new Decimal(t.amount).mul(t.sellPrice);
      const buyFee = cost.mul(t.feeRate);
      const sellFee = revenue.mul(t.feeRate);
      const profit = revenue.minus(sellFee).minus(cost).minus(buyFee);
      const quote = t.pair.split('/')[1]!;
      const leg = (side: 'buy' | 'sell', price: string, quoteAmount: Decimal, fee: Decimal) => ({
        kind: 'entry' as const,
        symbol: t.pair,
        side,
        avgPrice: price,
        quoteAmount: quoteAmount.toFixed(),
        fee: fee.toFixed(),
        feeAsset: quote,
      });
      // The R$ figures the ledger writes with every trade (issue 15 §1), by the same rule.
      const brl = tradeBrlFigures({
        pair: t.pair,
        usdtBrl: t.usdtBrl,
        profit: profit.toFixed(),
        amount: t.amount,
        buyPrice: t.buyPrice,
        legs: [leg('buy', t.buyPrice, cost, buyFee), leg('sell', t.sellPrice, revenue, sellFee)],
      });
      return {
        t,
        brl,
        id: randomUUID(),
        cost,
        revenue,
        buyFee,
        sellFee,
        profit,
        pct: profit.mul(100).div(cost).toFixed(8),
      };
    });
    const col = <T>(f: (b: (typeof batch)[number]) => T) => batch.map(f);
    // A trade and its legs in one transaction, as the engine's ledger writes them: the tax report never reads a
    // trade without its legs (its kept months would not see the legs arrive: they change no fingerprint).
    inserted += await ds.transaction(async (m) => {
      const ids: { id: string }[] = await m.query(
        `INSERT INTO trades (id, user_id, bot_id, bot_name, execution_key, opportunity_id, strategy, mode, pair, buy_exchange,
         sell_exchange, buy_price, sell_price, amount, profit, profit_percent, expected_profit, expected_profit_percent,
         usdt_brl, status, executed_at, profit_brl, fees_brl, volume_brl)
       SELECT id, $1::uuid, NULL, $2, key, 'fixture:' || key, 'arbitrage', mode, pair, bx, sx, bp, sp, amt, pr, pc, pr, pc,
              rate, 'completed', at, pb, fb, vb
         FROM unnest($3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::numeric[],
                     $10::numeric[], $11::numeric[], $12::numeric[], $13::numeric[], $14::numeric[], $15::timestamptz[],
                     $16::numeric[], $17::numeric[], $18::numeric[])
              AS u(id, key, mode, pair, bx, sx, bp, sp, amt, pr, pc, rate, at, pb, fb, vb)
       ON CONFLICT (execution_key) DO NOTHING
       RETURNING id`,
        [
          userId,
          botName,
          col((b) => b.id),
          col((b) => b.t.key),
          col((b) => b.t.mode ?? 'live'),
          col((b) => b.t.pair),
          col((b) => b.t.buyExchange),
          col((b) => b.t.sellExchange),
          col((b) => b.t.buyPrice),
          col((b) => b.t.sellPrice),
          col((b) => b.t.amount),
          col((b) => b.profit.toFixed(18)),
          col((b) => b.pct),
          col((b) => b.t.usdtBrl),
          col((b) => b.t.executedAt.toISOString()),
          col((b) => b.brl.profitBrl),
          col((b) => b.brl.feesBrl),
          col((b) => b.brl.volumeBrl),
        ],
      );
      const kept = new Set(ids.map((r) => r.id));
      const legs = batch
        .filter((b) => kept.has(b.id))
        .flatMap((b) => {
          const quote = b.t.pair.split('/')[1]!;
          return [
            [
              b.id,
              1,
              b.t.buyExchange,
              b.t.pair,
              'buy',
              b.t.amount,
              b.t.buyPrice,
              b.cost.toFixed(18),
              b.buyFee.toFixed(18),
              quote,
            ],
            [
              b.id,
              2,
              b.t.sellExchange,
              b.t.pair,
              'sell',
              b.t.amount,
              b.t.sellPrice,
              b.revenue.toFixed(18),
              b.sellFee.toFixed(18),
              quote,
            ],
          ] as const;
        });
      if (legs.length) {
        const lc = (k: number) => legs.map((l) => l[k]);
        await m.query(
          `INSERT INTO trade_legs (trade_id, seq, kind, exchange, symbol, side, requested_amount, filled_amount, avg_price,
           quote_amount, fee, fee_asset, status, order_id)
         SELECT id, seq, 'entry', ex, sym, side, amt, amt, price, qa, fee, fa, 'filled', NULL
           FROM unnest($1::uuid[], $2::int[], $3::text[], $4::text[], $5::text[], $6::numeric[], $7::numeric[],
                       $8::numeric[], $9::numeric[], $10::text[]) AS u(id, seq, ex, sym, side, amt, price, qa, fee, fa)`,
          [lc(0), lc(1), lc(2), lc(3), lc(4), lc(5), lc(6), lc(7), lc(8), lc(9)],
        );
      }
      return kept.size;
    });
  }
  return inserted;
}

/**
 * The demo user's seeded LIVE month (issue 15: 'Impostos' shows figures on a fresh `npm start`): 30 arbitrage
 * trades of the previous São Paulo month between Binance, Mercado Bitcoin and MEXC. Sales ≈ R$ 300 mil (over
 * the exemption: a DARF), MEXC's share over R$ 35 mil (a DeCripto). Fixtures only: keys 'seed:demo:tax:…'.
 */
export function demoTaxMonth(now: Date): FixtureTrade[] {
  const sp = new Date(now.getTime() - 3 * 3600_000); // São Paulo has no DST since 2019: UTC−3
  const year = sp.getUTCMonth() === 0 ? sp.getUTCFullYear() - 1 : sp.getUTCFullYear();
  const month = sp.getUTCMonth() === 0 ? 12 : sp.getUTCMonth(); // previous month, 1-12
  const ym = `${year}-${String(month).padStart(2, '0')}`;
  const routes = [
    ['binance', 'mercadobitcoin'],
    ['mexc', 'binance'],
    ['mercadobitcoin', 'mexc'],
  ] as const;
  return Array.from({ length: 30 }, (_, i) => {
    const [buyExchange, sellExchange] = routes[i % routes.length]!;
    const eth = i % 4 === 3;
    const buy = eth ? new Decimal(3400).plus(i * 7) : new Decimal(95000).plus(i * 150);
    return {
      key: `seed:demo:tax:${ym}:${i + 1}`,
      executedAt: new Date(
        `${ym}-${String(1 + (i % 28)).padStart(2, '0')}T${String(10 + (i % 8)).padStart(2, '0')}:15:00-03:00`,
      ),
      pair: eth ? 'ETH/USDT' : 'BTC/USDT',
      usdtBrl: new Decimal('5.35').plus(new Decimal(i).mul('0.01')).toFixed(2),
      amount: eth ? '0.5' : '0.02',
      buyExchange,
      buyPrice: buy.toFixed(2),
      sellExchange,
      sellPrice: buy.mul('1.006').toFixed(2),
      feeRate: '0.001',
    };
  });
}
