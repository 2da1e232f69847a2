import type { DataSource } from 'typeorm';
import type { FoldedMonthJson, TaxTradeInput } from '@arbitra/contracts';
import type { OwnerId } from '../tenancy.js';

interface LegRow {
  trade_id: string;
  executed_at: Date;
  month: string;
  usdt_brl: string;
  exchange: string;
  symbol: string;
  side: 'buy' | 'sell';
  filled_amount: string;
  avg_price: string;
  quote_amount: string;
  fee: string;
  fee_asset: string;
  /** The leg's fees in other currencies (trade_legs.other_fees), null when none. */
  other_fees: { cost: string; currency: string }[] | null;
  /** USDT per unit of assets the legs do not price (trades.plan->'marks'), null when none. */
  marks: Record<string, string> | null;
}

/** A kept month of the report (table `tax_months`). */
export interface KeptTaxMonth {
  month: string;
  version: number;
  fingerprint: string;
  folded: FoldedMonthJson;
}

const TZ = `'America/Sao_Paulo'`;
/** The live trades that count: recorded (not pending), live mode. */
const LIVE = `t.user_id = $1 AND t.mode = 'live' AND t.status <> 'pending'`;
/** Start of a 'YYYY-MM' month in São Paulo, as an instant. */
const monthStart = (param: string) => `((${param} || '-01')::timestamp AT TIME ZONE ${TZ})`;
const monthEnd = (param: string) =>
  `(((${param} || '-01')::timestamp + interval '1 month') AT TIME ZONE ${TZ})`;

/** Rows (one per filled leg, in execution order) → trades with their legs. */
function groupTrades(rows: readonly LegRow[]): TaxTradeInput[] {
  const trades: TaxTradeInput[] = [];
  let current: (TaxTradeInput & { legs: TaxTradeInput['legs'][number][] }) | null = null;
  for (const r of rows) {
    if (!current || current.id !== r.trade_id) {
      current = { id: r.trade_id, executedAt: r.executed_at, month: r.month, usdtBrl: r.usdt_brl, legs: [] };
      if (r.marks) current.marks = r.marks;
      trades.push(current);
    }
    current.legs.push({
      exchange: r.exchange,
      symbol: r.symbol,
      side: r.side,
      filledAmount: r.filled_amount,
      avgPrice: r.avg_price,
      quoteAmount: r.quote_amount,
      fee: r.fee,
      feeAsset: r.fee_asset,
      ...(r.other_fees?.length ? { otherFees: r.other_fees } : {}),
    });
  }
  return trades;
}

const LEG_COLUMNS = `t.id AS trade_id, t.executed_at, to_char(t.executed_at AT TIME ZONE ${TZ}, 'YYYY-MM') AS month,
  t.usdt_brl::text AS usdt_brl, l.exchange, l.symbol, l.side, l.filled_amount::text AS filled_amount,
  l.avg_price::text AS avg_price, l.quote_amount::text AS quote_amount, l.fee::text AS fee, l.fee_asset,
  l.other_fees, t.plan->'marks' AS marks`;

/**
 * The tax report's data (issue 15): owns `tax_exchange_settings` (each user's choice of which exchanges report
 * to the Receita) and `tax_months` (the kept folded months, issue 25); reads `trades` and `trade_legs` (owned by TradesRepository) read-only, live trades only.
 */
export class TaxReportingRepository {
  constructor(private readonly ds: DataSource) {}

  /** The user's choices: exchange → reports. */
  async exchangeChoices(userId: OwnerId): Promise<Record<string, boolean>> {
    const rows: { exchange: string; reports: boolean }[] = await this.ds.query(
      `SELECT exchange, reports FROM tax_exchange_settings WHERE user_id = $1`,
      [userId],
    );
    return Object.fromEntries(rows.map((r) => [r.exchange, r.reports]));
  }

  /** Sets (or, with null, removes) the user's choice for one exchange. */
  async setExchangeChoice(userId: OwnerId, exchange: string, reports: boolean | null): Promise<void> {
    if (reports === null) {
      await this.ds.query(`DELETE FROM tax_exchange_settings WHERE user_id = $1 AND exchange = $2`, [
        userId,
        exchange,
      ]);
      return;
    }
    await this.ds.query(
      `INSERT INTO tax_exchange_settings (user_id, exchange, reports) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, exchange) DO UPDATE SET reports = EXCLUDED.reports, updated_at = now()`,
      [userId, exchange, reports],
    );
  }

  /**
   * Each UTC day's fingerprint of the live trades ('YYYY-MM-DD' → 'count:Σ profit:Σ profit in R$'), from
   * `trade_day_totals` (kept by triggers on every write to `trades`, in the writer's transaction): a few hundred
   * rows a year instead of every trade. Days whose trades all went are left out.
   */
  async liveDayFingerprints(userId: OwnerId): Promise<Map<string, string>> {
    const rows: { day: string; fp: string }[] = await this.ds.query(
      `SELECT day::text AS day, SUM(trades) || ':' || SUM(profit) || ':' || SUM(profit_brl) AS fp
         FROM trade_day_totals WHERE user_id = $1 AND mode = 'live' AND status <> 'pending'
        GROUP BY day HAVING SUM(trades) <> 0 ORDER BY day`,
      [userId],
    );
    return new Map(rows.map((r) => [r.day, r.fp]));
  }

  /** The user's kept months, in order. */
  async keptMonths(userId: OwnerId): Promise<KeptTaxMonth[]> {
    return this.ds.query(
      `SELECT month, version, fingerprint, folded FROM tax_months WHERE user_id = $1 ORDER BY month`,
      [userId],
    );
  }

  /** Replaces the user's kept months from `fromMonth` on with `months` (one transaction). */
  async keepMonths(userId: OwnerId, fromMonth: string, months: readonly KeptTaxMonth[]): Promise<void> {
    await this.ds.transaction(async (m) => {
      await m.query(`DELETE FROM tax_months WHERE user_id = $1 AND month >= $2`, [userId, fromMonth]);
      if (!months.length) return;
      await m.query(
        `INSERT INTO tax_months (user_id, month, version, fingerprint, folded)
         SELECT $1, month, version, fingerprint, folded
           FROM unnest($2::text[], $3::int[], $4::text[], $5::jsonb[]) AS u(month, version, fingerprint, folded)
         ON CONFLICT (user_id, month) DO UPDATE
            SET version = EXCLUDED.version, fingerprint = EXCLUDED.fingerprint, folded = EXCLUDED.folded,
                updated_at = now()`,
        [
          userId,
          months.map((k) => k.month),
          months.map((k) => k.version),
          months.map((k) => k.fingerprint),
          months.map((k) => JSON.stringify(k.folded)),
        ],
      );
    });
  }

  /**
   * The user's live trades with their filled legs, in execution order: the whole history (average cost needs
   * every purchase), or from the start of São Paulo month `fromMonth`.
   */
  async liveTrades(userId: OwnerId, fromMonth?: string): Promise<TaxTradeInput[]> {
    const rows: LegRow[] = await this.ds.query(
      `SELECT ${LEG_COLUMNS} FROM trades t JOIN trade_legs l ON l.trade_id = t.id
        WHERE ${LIVE} AND l.filled_amount > 0 ${fromMonth ? `AND t.executed_at >= ${monthStart('$2')}` : ''}
        ORDER BY t.executed_at, t.id, l.seq`,
      fromMonth ? [userId, fromMonth] : [userId],
    );
    return groupTrades(rows);
  }

  /** One page of a month's live trades (São Paulo month) with their legs, in execution order. */
  async liveTradesOfMonth(
    userId: OwnerId,
    month: string,
    offset: number,
    limit: number,
  ): Promise<TaxTradeInput[]> {
    const range = `t.executed_at >= ${monthStart('$2')} AND t.executed_at < ${monthEnd('$2')}`;
    const rows: LegRow[] = await this.ds.query(
      `WITH page AS (
         SELECT t.id, t.executed_at, t.usdt_brl, t.plan FROM trades t WHERE ${LIVE} AND ${range}
          ORDER BY t.executed_at, t.id OFFSET $3 LIMIT $4)
       SELECT ${LEG_COLUMNS} FROM page t JOIN trade_legs l ON l.trade_id = t.id
        WHERE l.filled_amount > 0 ORDER BY t.executed_at, t.id, l.seq`,
      [userId, month, offset, limit],
    );
    return groupTrades(rows);
  }
}
