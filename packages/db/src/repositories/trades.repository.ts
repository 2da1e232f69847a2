import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { In } from 'typeorm';
import {
  INVENTORY_MAX_POINTS,
  tradeBrlFigures,
  type InventoryDelta,
  type BotMode,
  type BotStatusFields,
  type BotStrategy,
  type TradeBrlFigures,
  type ExecutionRecord,
  type LegRecord,
  type TradeFields,
  type TradeStatus,
  type TradesQuery,
} from '@arbitra/contracts';
import { TradeEntity } from '../entities/trade.entity.js';
import { TradeLegEntity } from '../entities/trade-leg.entity.js';
import type { OwnerId } from '../tenancy.js';
import {
  BotsRepository,
  type BalanceRow,
  type ExecutorBotRow,
  type LedgerBotRow,
} from './bots.repository.js';
import { preparedRows } from './sql.js';

/** A completed trade written as it is, with its filled entry legs (`insertCompleted`). Figures are decimal strings. */
export interface CompletedTrade extends Pick<
  ExecutionRecord,
  | 'executionKey'
  | 'mode'
  | 'pair'
  | 'buyExchange'
  | 'sellExchange'
  | 'buyPrice'
  | 'sellPrice'
  | 'amount'
  | 'profit'
  | 'profitPercent'
  | 'usdtBrl'
  | 'executedAt'
> {
  profitBrl: string;
  feesBrl: string;
  volumeBrl: string;
  legs: {
    exchange: string;
    symbol: string;
    side: 'buy' | 'sell';
    amount: string;
    price: string;
    quoteAmount: string;
    fee: string;
    feeAsset: string;
  }[];
}

const COMPLETED_BATCH = 5_000;

/** Where an execution's orders may go: how a recovery finds them again by client order id. */
export interface ExecutionPlan<S = unknown> {
  /** Entry legs in order (seq 1..n). */
  legs: { exchange: string; symbol: string }[];
  /** Markets an unwind may use. */
  unwindMarkets: { exchange: string; symbol: string }[];
  /** The most orders the execution places (entries and unwinds): client order ids seq 1..maxOrders. */
  maxOrders: number;
  /** A statistical entry or exit: the position it opens or closes (a recovery applies it too). */
  statistical?: S;
}

/** The trade as written 'pending' before the first order (the opportunity's figures; no fills yet). */
export type PendingExecution<S = unknown> = Omit<
  ExecutionRecord,
  | 'legs'
  | 'deltas'
  | 'status'
  | 'failureReason'
  | 'profit'
  | 'profitPercent'
  | 'nakedExposure'
  | 'openPosition'
  | 'closesPosition'
> & {
  plan: ExecutionPlan<S>;
};

/** A pending trade read back for recovery. */
export interface PendingTrade<S = unknown> extends PendingExecution<S> {
  tradeId: string;
  ageMs: number;
}

/** A bot's totals after a trade: what 'bot:status' sends, and whose bot it is. */
export interface BotTotals extends BotStatusFields {
  userId: string;
}

export interface LedgerResult {
  /** false: this execution key was already recorded (a retried or duplicated job): nothing changed. */
  recorded: boolean;
  tradeId: string | null;
  /** The bot after the trade (null when the bot no longer exists). */
  bot: BotTotals | null;
  /** Set when this trade stopped the bot (daily loss limit or consecutive failures). */
  stoppedReason: string | null;
  /** The bot's balances this trade changed, as they are now. */
  balances?: BalanceRow[];
  /** The trade's R$ figures as recorded (set when recorded). */
  brl?: TradeBrlFigures;
}

/** What the executor reads before an execution, in one round trip. */
export type ExecutionStart = ExecutorBotRow & { journal: TradeStatus | null; balances: BalanceRow[] };

export type TradeFilters = Pick<TradesQuery, 'dateRange' | 'status' | 'bot'> &
  Partial<Pick<TradesQuery, 'mode'>>;

/** A trade's profit is stored in USDT for every pair (trade-brl.ts in contracts); its R$ is profit × usdt_brl. */
const PROFIT_USDT = 't.profit';

const DAY_MS = 24 * 3600 * 1000;

/** A trade of the history as the api sends and exports it (numeric columns as exact strings). */
export type TradeRow = TradeFields;

/** The columns of a {@link TradeRow} from `trades t`. */
const TRADE_ROW = `t.id, t.bot_id AS "botId", t.bot_name AS "botName", t.strategy, t.pair,
  t.buy_exchange AS "buyExchange", t.sell_exchange AS "sellExchange", t.buy_price AS "buyPrice",
  t.sell_price AS "sellPrice", t.amount, t.profit, t.profit_percent AS "profitPercent",
  t.expected_profit AS "expectedProfit", t.expected_profit_percent AS "expectedProfitPercent", t.status,
  t.failure_reason AS "failureReason", t.mode, t.executed_at AS "executedAt", t.usdt_brl AS "usdtBrl",
  t.profit_brl AS "profitBrl", t.fees_brl AS "feesBrl", t.volume_brl AS "volumeBrl"`;

/** Where the filter's date range starts (null: all time). */
function windowStart(f: TradeFilters, now: Date): Date | null {
  return f.dateRange === 'all' ? null : new Date(now.getTime() - Number(f.dateRange) * DAY_MS);
}

/**
 * The status, bot and mode filters as ` AND …` conditions on `t` (a `trades` or a `trade_day_totals` row: the
 * same column names), their values appended to `params`.
 */
function filterSql(f: TradeFilters, params: unknown[]): string {
  let sql = '';
  if (f.status !== 'all') sql += ` AND t.status = $${params.push(f.status)}`;
  if (f.bot !== 'all') sql += ` AND t.bot_id = $${params.push(f.bot)}::uuid`;
  if (f.mode && f.mode !== 'all') sql += ` AND t.mode = $${params.push(f.mode)}`;
  return sql;
}

/** Count, completed count and exact profit sums of a filtered set of trades. */
export interface TradeTotals {
  total: number;
  completed: number;
  profit: string;
  profitBrl: string;
}

/** The totals' columns on the rows of {@link TradesRepository.history}. */
interface HistoryTotalsColumns {
  statsTotal: number;
  statsCompleted: number;
  statsProfit: string;
  statsProfitBrl: string;
}

/**
 * The ids and instants of one page of the filtered set, newest first, from `trades_user_history_idx` alone (OFFSET
 * walks the index, not the table). `$1` is the user id; the other values are appended to `params`.
 */
function pageIdsSql(f: TradeFilters, now: Date, offset: number, limit: number, params: unknown[]): string {
  const since = windowStart(f, now);
  const window = since ? ` AND t.executed_at >= $${params.push(since)}` : '';
  const filters = filterSql(f, params);
  return `SELECT t.id, t.executed_at FROM trades t WHERE t.user_id = $1${window}${filters}
          ORDER BY t.executed_at DESC, t.id DESC OFFSET $${params.push(offset)} LIMIT $${params.push(limit)}`;
}

/**
 * One row: the {@link TradeTotals} of the filtered set (columns total, completed, profit, "profitBrl"): the recorded
 * trades of whole UTC days from `trade_day_totals` (kept by triggers on `trades`, migration 1795641731950), those of
 * the window's partial first day and the pending ones (few) from `trades`. `$1` is the user id; the other values
 * are appended to `params`.
 */
function totalsSql(f: TradeFilters, now: Date, params: unknown[]): string {
  const since = windowStart(f, now);
  const filters = filterSql(f, params);
  const parts: string[] = [];
  if (f.status !== 'pending') {
    if (since) {
      const day = since.toISOString().slice(0, 10);
      const dayStart = new Date(Date.parse(day));
      const nextDay = new Date(dayStart.getTime() + DAY_MS);
      // The window's first (partial) day: its trades from `since` on, or — when that is the larger part of the day
      // — the whole day's totals less its trades before `since` (exact: numeric differences). At most half a day of
      // trades is read either way.
      if (nextDay.getTime() - since.getTime() <= since.getTime() - dayStart.getTime()) {
        parts.push(
          `SELECT t.status, t.trades AS n, t.profit, t.profit_brl FROM trade_day_totals t
            WHERE t.user_id = $1 AND t.day > $${params.push(day)}::date${filters}`,
          `SELECT t.status, 1 AS n, t.profit, t.profit_brl FROM trades t
            WHERE t.user_id = $1 AND t.executed_at >= $${params.push(since)} AND t.executed_at < $${params.push(nextDay)}
              AND t.status <> 'pending'${filters}`,
        );
      } else {
        parts.push(
          `SELECT t.status, t.trades AS n, t.profit, t.profit_brl FROM trade_day_totals t
            WHERE t.user_id = $1 AND t.day >= $${params.push(day)}::date${filters}`,
          `SELECT t.status, -1 AS n, -t.profit, -t.profit_brl FROM trades t
            WHERE t.user_id = $1 AND t.executed_at >= $${params.push(dayStart)} AND t.executed_at < $${params.push(since)}
              AND t.status <> 'pending'${filters}`,
        );
      }
    } else {
      parts.push(
        `SELECT t.status, t.trades AS n, t.profit, t.profit_brl FROM trade_day_totals t WHERE t.user_id = $1${filters}`,
      );
    }
  }
  if (f.status === 'all' || f.status === 'pending') {
    const window = since ? ` AND t.executed_at >= $${params.push(since)}` : '';
    parts.push(
      `SELECT t.status, 1 AS n, t.profit, t.profit_brl FROM trades t
        WHERE t.status = 'pending' AND t.user_id = $1${window}${filters}`,
    );
  }
  return `SELECT COALESCE(SUM(n), 0)::int AS total, COALESCE(SUM(n) FILTER (WHERE status = 'completed'), 0)::int AS completed,
                 COALESCE(SUM(profit), 0)::text AS profit, COALESCE(SUM(profit_brl), 0)::text AS "profitBrl"
            FROM (${parts.join(' UNION ALL ')}) s`;
}

/**
 * Each recorded leg of bot $1 as balance changes (executed_at, exchange, asset, delta): the base ±filled, the quote
 * ∓quote_amount, each fee out of the asset it was charged in (an empty fee asset: the quote), as deltasOf.
 */
const LEG_DELTAS = `
  SELECT t.executed_at, l.exchange, d.asset, d.delta
    FROM trades t JOIN trade_legs l ON l.trade_id = t.id
    CROSS JOIN LATERAL (
      SELECT split_part(l.symbol, '/', 1) AS asset,
             CASE WHEN l.side = 'buy' THEN l.filled_amount ELSE -l.filled_amount END AS delta
      UNION ALL
      SELECT split_part(l.symbol, '/', 2), CASE WHEN l.side = 'buy' THEN -l.quote_amount ELSE l.quote_amount END
      UNION ALL
      SELECT COALESCE(NULLIF(l.fee_asset, ''), split_part(l.symbol, '/', 2)), -l.fee
      UNION ALL
      SELECT COALESCE(NULLIF(f->>'currency', ''), split_part(l.symbol, '/', 2)), -(f->>'cost')::numeric
        FROM jsonb_array_elements(COALESCE(l.other_fees, '[]'::jsonb)) f
    ) d
   WHERE t.bot_id = $1 AND t.user_id = $3 AND t.status <> 'pending' AND l.filled_amount > 0`;

/**
 * The ONLY code that reads or writes `trades` and `trade_legs`: the execution journal (pending trades), the
 * ledger (ONE statement: the trade, its legs, and through BotsRepository's CTEs the bot's balances, totals and
 * positions), and the api's history queries. The ledger is a single round trip on purpose (see bench/README.md):
 * keep it so.
 */
export class TradesRepository {
  private readonly bots: BotsRepository;

  constructor(private readonly ds: DataSource) {
    this.bots = new BotsRepository(ds);
  }

  // ── completed trades written as they are (the seed's demo month, fixtures of tests and benchmarks) ─────────

  /**
   * Writes completed trades with their entry legs, bypassing the engine: each trade and its legs in one
   * transaction per batch, as the ledger writes them (the tax report never reads a trade without its legs). A trade
   * whose execution key is already there is skipped. Returns how many were written.
   */
  async insertCompleted(userId: string, botName: string, trades: readonly CompletedTrade[]): Promise<number> {
    let inserted = 0;
    for (let i = 0; i < trades.length; i += COMPLETED_BATCH) {
      const batch = trades.slice(i, i + COMPLETED_BATCH).map((t) => ({ ...t, id: randomUUID() }));
      const col = <T>(f: (b: (typeof batch)[number]) => T) => batch.map(f);
      inserted += await this.ds.transaction(async (m) => {
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
            col((b) => b.executionKey),
            col((b) => b.mode),
            col((b) => b.pair),
            col((b) => b.buyExchange),
            col((b) => b.sellExchange),
            col((b) => b.buyPrice),
            col((b) => b.sellPrice),
            col((b) => b.amount),
            col((b) => b.profit),
            col((b) => b.profitPercent),
            col((b) => b.usdtBrl),
            col((b) => b.executedAt.toISOString()),
            col((b) => b.profitBrl),
            col((b) => b.feesBrl),
            col((b) => b.volumeBrl),
          ],
        );
        const kept = new Set(ids.map((r) => r.id));
        const legs = batch
          .filter((b) => kept.has(b.id))
          .flatMap((b) => b.legs.map((l, n) => ({ ...l, tradeId: b.id, seq: n + 1 })));
        if (legs.length) {
          const lc = <T>(f: (l: (typeof legs)[number]) => T) => legs.map(f);
          await m.query(
            `INSERT INTO trade_legs (trade_id, seq, kind, exchange, symbol, side, requested_amount, filled_amount, avg_price,
             quote_amount, fee, fee_asset, status, order_id)
           SELECT id, seq, 'entry', ex, sym, side, amt, amt, price, qa, fee, fa, 'filled', NULL
             FROM unnest($1::uuid[], $2::int[], $3::text[], $4::text[], $5::text[], $6::numeric[], $7::numeric[],
                         $8::numeric[], $9::numeric[], $10::text[]) AS u(id, seq, ex, sym, side, amt, price, qa, fee, fa)`,
            [
              lc((l) => l.tradeId),
              lc((l) => l.seq),
              lc((l) => l.exchange),
              lc((l) => l.symbol),
              lc((l) => l.side),
              lc((l) => l.amount),
              lc((l) => l.price),
              lc((l) => l.quoteAmount),
              lc((l) => l.fee),
              lc((l) => l.feeAsset),
            ],
          );
        }
        return kept.size;
      });
    }
    return inserted;
  }

  // ── the execution journal and ledger (engine) ─────────────────────────────────────────────────────────────

  /** One round trip: the journal's word on this execution, the bot, and its balances (paper). */
  async executionStart(
    botId: string,
    userId: string,
    executionKey: string,
  ): Promise<ExecutionStart | undefined> {
    const rows: ExecutionStart[] = await this.ds.query(
      `SELECT b.id, b.user_id, b.name, b.strategy, b.mode, b.active, b.status, b.exchanges,
              (SELECT status FROM trades WHERE execution_key = $3) AS journal,
              (SELECT COALESCE(json_agg(json_build_object('exchange', exchange, 'asset', asset, 'amount', amount::text)), '[]')
                 FROM bot_balances WHERE bot_id = b.id) AS balances
         FROM bots b WHERE b.id = $1 AND b.user_id = $2`,
      [botId, userId, executionKey],
    );
    return rows[0];
  }

  /**
   * Runs `fn` holding the recovery lock of an execution key (a session advisory lock, so two engines never
   * recover the same trade). null: another process holds it.
   */
  async withRecoveryLock<T>(executionKey: string, fn: () => Promise<T>): Promise<T | null> {
    const runner = this.ds.createQueryRunner();
    await runner.connect();
    try {
      const [lock] = (await runner.query(`SELECT pg_try_advisory_lock(hashtextextended($1, 7)) AS ok`, [
        executionKey,
      ])) as { ok: boolean }[];
      if (!lock?.ok) return null;
      try {
        return await fn();
      } finally {
        await runner.query(`SELECT pg_advisory_unlock(hashtextextended($1, 7))`, [executionKey]);
      }
    } finally {
      await runner.release();
    }
  }

  /**
   * The journal entry, before any order: the trade 'pending' with its plan. false: this execution key is
   * already there (a retried or duplicated job), and nothing was written.
   */
  async begin<S>(p: PendingExecution<S>): Promise<boolean> {
    const rows: unknown[] = await this.ds.query(
      `INSERT INTO trades (user_id, bot_id, bot_name, execution_key, opportunity_id, strategy, mode, pair,
         buy_exchange, sell_exchange, buy_price, sell_price, amount, profit, profit_percent, expected_profit,
         expected_profit_percent, usdt_brl, status, executed_at, plan)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,0,0,$14,$15,$16,'pending',$17,$18)
       ON CONFLICT (execution_key) DO NOTHING RETURNING id`,
      [
        p.userId,
        p.botId,
        p.botName,
        p.executionKey,
        p.opportunityId,
        p.strategy,
        p.mode,
        p.pair,
        p.buyExchange,
        p.sellExchange,
        p.buyPrice,
        p.sellPrice,
        p.amount,
        p.expectedProfit,
        p.expectedProfitPercent,
        p.usdtBrl,
        p.executedAt,
        JSON.stringify(p.plan),
      ],
    );
    return rows.length > 0;
  }

  /** The execution placed no order (skipped): its pending entry goes. */
  async abandon(executionKey: string): Promise<void> {
    await this.ds.query(`DELETE FROM trades WHERE execution_key = $1 AND status = 'pending'`, [executionKey]);
  }

  /** A pending trade that cannot be recovered (its bot is gone): failed, with the reason. */
  async fail(executionKey: string, reason: string): Promise<void> {
    await this.ds.query(
      `UPDATE trades SET status = 'failed', failure_reason = $2 WHERE execution_key = $1 AND status = 'pending'`,
      [executionKey, reason],
    );
  }

  /** The status of an execution key: null (never begun), 'pending', or the recorded status. */
  async status(executionKey: string): Promise<TradeStatus | null> {
    const rows: { status: TradeStatus }[] = await this.ds.query(
      `SELECT status FROM trades WHERE execution_key = $1`,
      [executionKey],
    );
    return rows[0]?.status ?? null;
  }

  /** Pending trades (all, or those older than `olderThanMs`, or one key). */
  async pending<S = unknown>(filter: {
    olderThanMs?: number;
    executionKey?: string;
  }): Promise<PendingTrade<S>[]> {
    const rows: {
      id: string;
      user_id: string;
      bot_id: string | null;
      bot_name: string;
      execution_key: string;
      opportunity_id: string;
      strategy: BotStrategy;
      mode: BotMode;
      pair: string;
      buy_exchange: string;
      sell_exchange: string;
      buy_price: string;
      sell_price: string;
      amount: string;
      expected_profit: string;
      expected_profit_percent: string;
      usdt_brl: string;
      executed_at: Date;
      plan: ExecutionPlan<S> | null;
      age_ms: string;
    }[] = await this.ds.query(
      `SELECT id, user_id, bot_id, bot_name, execution_key, opportunity_id, strategy, mode, pair, buy_exchange,
              sell_exchange, buy_price::text, sell_price::text, amount::text, expected_profit::text,
              expected_profit_percent::text, usdt_brl::text, executed_at, plan,
              (extract(epoch FROM now() - created_at) * 1000)::bigint::text AS age_ms
         FROM trades
        WHERE status = 'pending'
          AND ($1::text IS NULL OR execution_key = $1)
          AND ($2::int IS NULL OR created_at < now() - make_interval(secs => $2::int / 1000.0))
        ORDER BY created_at LIMIT 100`,
      [filter.executionKey ?? null, filter.olderThanMs ?? null],
    );
    return rows.map((r) => ({
      tradeId: r.id,
      executionKey: r.execution_key,
      botId: r.bot_id ?? '',
      userId: r.user_id,
      botName: r.bot_name,
      opportunityId: r.opportunity_id,
      strategy: r.strategy,
      mode: r.mode,
      pair: r.pair,
      buyExchange: r.buy_exchange,
      sellExchange: r.sell_exchange,
      buyPrice: r.buy_price,
      sellPrice: r.sell_price,
      amount: r.amount,
      expectedProfit: r.expected_profit,
      expectedProfitPercent: r.expected_profit_percent,
      usdtBrl: r.usdt_brl,
      executedAt: r.executed_at,
      plan: r.plan ?? { legs: [], unwindMarkets: [], maxOrders: 0 },
      ageMs: Number(r.age_ms),
    }));
  }

  /**
   * The ledger: ONE statement (atomic by itself, no transaction round trips) writes the trade (turning its pending
   * row final, once: the execution key is unique and only a 'pending' row is turned), its legs, and through
   * BotsRepository's parts the bot's balances, positions and totals; then `riskStop` (the engine's rule, given the
   * bot after the trade) may stop the bot, in the statement that follows. Concurrent writes of one bot stay
   * consistent: every change is an increment on the latest row (Postgres re-reads a row it waited for); only the
   * day's profit is a sum of what the statement saw, so when another write of the bot committed while it waited
   * (its totals say so) that sum is read again.
   */
  async record(r: ExecutionRecord, riskStop: (bot: LedgerBotRow) => string | null): Promise<LedgerResult> {
    // The R$ figures (issue 15), written with the trade in the same statement.
    const brl = tradeBrlFigures(r);
    const col = <K extends keyof LegRecord>(k: K) => r.legs.map((l) => l[k]);
    const params: unknown[] = [
      r.userId,
      r.botId,
      r.botName,
      r.executionKey,
      r.opportunityId,
      r.strategy,
      r.mode,
      r.pair,
      r.buyExchange,
      r.sellExchange,
      r.buyPrice,
      r.sellPrice,
      r.amount,
      r.profit,
      r.profitPercent,
      r.expectedProfit,
      r.expectedProfitPercent,
      r.usdtBrl,
      r.status,
      r.failureReason,
      r.executedAt,
      brl.profitBrl,
      brl.feesBrl,
      brl.volumeBrl,
      col('seq'),
      col('kind'),
      col('exchange'),
      col('symbol'),
      col('side'),
      col('requestedAmount'),
      col('filledAmount'),
      col('avgPrice'),
      col('quoteAmount'),
      col('fee'),
      col('feeAsset'),
      col('status'),
      col('orderId'),
      r.legs.map((l) => (l.otherFees && l.otherFees.length > 0 ? JSON.stringify(l.otherFees) : null)),
      // the marks the profit and fees were valued at, kept beside the plan (null: none, the plan unchanged)
      r.marks && Object.keys(r.marks).length > 0 ? JSON.stringify({ marks: r.marks }) : null,
    ];
    const botCtes = BotsRepository.ledgerCtes(params, {
      ...r,
      failed: r.status === 'failed',
      nakedExposure: r.nakedExposure ?? {},
      profitBrl: brl.profitBrl,
    });
    const rows: {
      trade_id: string | null;
      bot: (LedgerBotRow & { trades_seen: number }) | null;
      balances: BalanceRow[] | null;
    }[] = await this.ds.query(
      `WITH bot AS (SELECT id FROM bots WHERE id = $2),
       ins AS (
         INSERT INTO trades (user_id, bot_id, bot_name, execution_key, opportunity_id, strategy, mode, pair,
           buy_exchange, sell_exchange, buy_price, sell_price, amount, profit, profit_percent, expected_profit,
           expected_profit_percent, usdt_brl, status, failure_reason, executed_at, profit_brl, fees_brl, volume_brl,
           plan)
         VALUES ($1,(SELECT id FROM bot),$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,
           $39::jsonb)
         ON CONFLICT (execution_key) DO UPDATE SET
           buy_price = EXCLUDED.buy_price, sell_price = EXCLUDED.sell_price, amount = EXCLUDED.amount,
           profit = EXCLUDED.profit, profit_percent = EXCLUDED.profit_percent,
           usdt_brl = EXCLUDED.usdt_brl, profit_brl = EXCLUDED.profit_brl, fees_brl = EXCLUDED.fees_brl,
           volume_brl = EXCLUDED.volume_brl,
           expected_profit = EXCLUDED.expected_profit, expected_profit_percent = EXCLUDED.expected_profit_percent,
           status = EXCLUDED.status, failure_reason = EXCLUDED.failure_reason, executed_at = EXCLUDED.executed_at,
           plan = CASE WHEN EXCLUDED.plan IS NULL THEN trades.plan
                       ELSE COALESCE(trades.plan, '{}'::jsonb) || EXCLUDED.plan END
         WHERE trades.status = 'pending'
         RETURNING id),
       legs AS (
         INSERT INTO trade_legs (trade_id, seq, kind, exchange, symbol, side, requested_amount, filled_amount,
           avg_price, quote_amount, fee, fee_asset, status, order_id, other_fees)
         SELECT ins.id, l.* FROM ins, unnest($25::int[], $26::text[], $27::text[], $28::text[], $29::text[],
           $30::numeric[], $31::numeric[], $32::numeric[], $33::numeric[], $34::numeric[], $35::text[], $36::text[],
           $37::text[], $38::jsonb[]) AS l),
       ${botCtes.join(',\n       ')}
       SELECT (SELECT id FROM ins) AS trade_id,
              (SELECT row_to_json(upd) FROM upd) AS bot,
              (SELECT json_agg(bal) FROM bal) AS balances`,
      params,
    );
    const row = rows[0];
    const tradeId = row?.trade_id;
    if (!row || !tradeId) return { recorded: false, tradeId: null, bot: null, stoppedReason: null };
    if (!row.bot) return { recorded: true, tradeId, bot: null, stoppedReason: null, brl };
    const { trades_seen: seen, ...bot } = row.bot;
    let after: LedgerBotRow = bot;
    if (after.total_trades !== seen + 1) after = { ...after, day_profit: await this.bots.dayProfit(r.botId) };
    const stoppedReason = riskStop(after);
    if (stoppedReason) after = (await this.bots.stopByRiskRule(r.botId, stoppedReason)) ?? after;
    return { recorded: true, tradeId, bot: totals(after), stoppedReason, balances: row.balances ?? [], brl };
  }

  // ── the trade history (api) ───────────────────────────────────────────────────────────────────────────────

  /**
   * Trades of the filtered set, newest first (executed_at DESC, id DESC), `offset` and `limit` as a page. The page's
   * ids come from `trades_user_history_idx` alone (OFFSET walks the index, not the table), then only those rows are
   * read: plain rows, no entity hydration.
   */
  async page(
    userId: OwnerId,
    f: TradeFilters,
    offset: number,
    limit: number,
    now = new Date(),
  ): Promise<TradeRow[]> {
    const params: unknown[] = [userId];
    return this.ds.query(
      `SELECT ${TRADE_ROW} FROM (${pageIdsSql(f, now, offset, limit, params)}) p JOIN trades t ON t.id = p.id
       ORDER BY p.executed_at DESC, p.id DESC`,
      params,
    );
  }

  /**
   * Count, completed count and exact profit sums of the whole filtered set (DECISIONS §9), without reading it:
   * the recorded trades of whole UTC days from `trade_day_totals` (kept by triggers on `trades`, migration
   * 1795641731950), those of the window's partial first day and the pending ones (few) from `trades`.
   */
  async totals(userId: OwnerId, f: TradeFilters, now = new Date()): Promise<TradeTotals> {
    const params: unknown[] = [userId];
    const rows: TradeTotals[] = await this.ds.query(totalsSql(f, now, params), params);
    return rows[0] ?? { total: 0, completed: 0, profit: '0', profitBrl: '0' };
  }

  /**
   * A page of the filtered set ({@link page}) and the whole set's totals ({@link totals}) in one statement: one
   * round trip and one pool connection for GET /api/trades (issue 13), prepared (parsed once per connection; the
   * filters only change which of a few texts it is). The totals come on every row of the page (and on the one row
   * of an empty page, whose trade columns are null).
   */
  async history(
    userId: OwnerId,
    f: TradeFilters,
    offset: number,
    limit: number,
    now = new Date(),
  ): Promise<{ rows: TradeRow[]; totals: TradeTotals }> {
    const params: unknown[] = [userId];
    const totals = totalsSql(f, now, params);
    const ids = pageIdsSql(f, now, offset, limit, params);
    const rows = await preparedRows<TradeRow & HistoryTotalsColumns>(
      this.ds,
      `SELECT s.total AS "statsTotal", s.completed AS "statsCompleted", s.profit AS "statsProfit",
              s."profitBrl" AS "statsProfitBrl", r.*
         FROM (${totals}) s
         LEFT JOIN LATERAL (
           SELECT ${TRADE_ROW} FROM (${ids}) p JOIN trades t ON t.id = p.id
         ) r ON true
        ORDER BY r."executedAt" DESC, r.id DESC`,
      params,
    );
    const first = rows[0];
    return {
      rows: rows
        .filter((r) => r.id !== null)
        .map(({ statsTotal: _t, statsCompleted: _c, statsProfit: _p, statsProfitBrl: _b, ...row }) => row),
      totals: first
        ? {
            total: first.statsTotal,
            completed: first.statsCompleted,
            profit: first.statsProfit,
            profitBrl: first.statsProfitBrl,
          }
        : { total: 0, completed: 0, profit: '0', profitBrl: '0' },
    };
  }

  /** The filtered set for an export (newest first, at most `limit`). */
  forExport(userId: OwnerId, f: TradeFilters, now: Date, limit: number): Promise<TradeRow[]> {
    return this.page(userId, f, 0, limit, now);
  }

  /** Every trade of the user (newest first) and their legs (LGPD export). */
  async allForUser(userId: OwnerId): Promise<{ trades: TradeEntity[]; legs: TradeLegEntity[] }> {
    const trades = await this.ds
      .getRepository(TradeEntity)
      .find({ where: { userId }, order: { executedAt: 'DESC', id: 'DESC' } });
    const legs = trades.length
      ? await this.ds
          .getRepository(TradeLegEntity)
          .find({ where: { tradeId: In(trades.map((r) => r.id)) }, order: { tradeId: 'ASC', seq: 'ASC' } })
      : [];
    return { trades, legs };
  }

  /**
   * The bot's balance changes from its recorded legs (issue 29's inventory), summed per bucket, exchange and asset:
   * buckets wide enough for at most INVENTORY_MAX_POINTS of them since the first trade (at least a minute). A leg
   * moves its base by ±filled and its quote by ∓quote_amount, and takes each fee from the asset it was charged in,
   * as the ledger's balance deltas do (deltasOf).
   */
  async inventoryDeltas(userId: OwnerId, botId: string): Promise<InventoryDelta[]> {
    const rows: { at: Date; exchange: string; asset: string; delta: string }[] = await this.ds.query(
      `WITH d AS (${LEG_DELTAS}),
            span AS (SELECT GREATEST(60, CEIL(EXTRACT(EPOCH FROM now() - MIN(executed_at)) / $2)) AS w FROM d)
       SELECT to_timestamp(floor(EXTRACT(EPOCH FROM d.executed_at) / span.w) * span.w) AS at, d.exchange, d.asset,
              SUM(d.delta)::text AS delta
         FROM d, span GROUP BY 1, 2, 3 HAVING SUM(d.delta) <> 0 ORDER BY 1, 2, 3`,
      [botId, INVENTORY_MAX_POINTS, userId],
    );
    return rows.map((r) => ({
      at: new Date(r.at).toISOString(),
      exchange: r.exchange,
      asset: r.asset,
      delta: r.delta,
    }));
  }

  /** The bot's net balance change per exchange and asset since `since` (the forecast's pace), keyed 'exchange|asset'. */
  async inventoryFlow(userId: OwnerId, botId: string, since: Date): Promise<Map<string, string>> {
    const rows: { exchange: string; asset: string; delta: string }[] = await this.ds.query(
      `WITH d AS (${LEG_DELTAS})
       SELECT exchange, asset, SUM(delta)::text AS delta FROM d WHERE executed_at >= $2 GROUP BY 1, 2`,
      [botId, since, userId],
    );
    return new Map(rows.map((r) => [`${r.exchange}|${r.asset}`, r.delta]));
  }

  /**
   * USDT per unit of each asset the bot traded, from its latest leg in that asset (a R$ price at that trade's rate),
   * and R$ at the latest rate; USDT is 1. The minimum order in each asset is priced with it.
   */
  async inventoryPrices(userId: OwnerId, botId: string): Promise<Map<string, string>> {
    const rows: { asset: string; price: string }[] = await this.ds.query(
      `WITH l AS (
         SELECT split_part(l.symbol, '/', 1) AS base, split_part(l.symbol, '/', 2) AS quote, l.avg_price, t.usdt_brl,
                t.executed_at
           FROM trades t JOIN trade_legs l ON l.trade_id = t.id
          WHERE t.bot_id = $1 AND t.user_id = $2 AND t.status <> 'pending' AND l.filled_amount > 0 AND t.usdt_brl > 0
            AND split_part(l.symbol, '/', 2) IN ('USDT', 'BRL'))
       SELECT * FROM (
         SELECT DISTINCT ON (base) base AS asset,
                (CASE WHEN quote = 'BRL' THEN avg_price / usdt_brl ELSE avg_price END)::text AS price
           FROM l ORDER BY base, executed_at DESC) p
       UNION ALL
       SELECT * FROM (SELECT 'BRL', (1 / usdt_brl)::text FROM l ORDER BY executed_at DESC LIMIT 1) r`,
      [botId, userId],
    );
    const prices = new Map(rows.map((r) => [r.asset, r.price]));
    prices.set('USDT', '1');
    return prices;
  }

  /** A bot's latest trades. */
  recentForBot(userId: OwnerId, botId: string, limit: number): Promise<TradeEntity[]> {
    return this.ds.getRepository(TradeEntity).find({
      where: { userId, botId },
      order: { executedAt: 'DESC', id: 'DESC' },
      take: limit,
    });
  }

  /** Cumulative profit after each of the bot's last `limit` trades (newest first), and the expected/realised sums. */
  async equityForBot(
    userId: OwnerId,
    botId: string,
    limit: number,
  ): Promise<{
    points: { executed_at: Date; cumulative: string; cumulative_brl: string }[];
    expected: string;
    realised: string;
    expectedBrl: string;
    realisedBrl: string;
  }> {
    const points: { executed_at: Date; cumulative: string; cumulative_brl: string }[] = await this.ds.query(
      `SELECT executed_at, cumulative::text, cumulative_brl::text FROM (
         SELECT executed_at, id, SUM(${PROFIT_USDT}) OVER (ORDER BY executed_at, id) AS cumulative,
                SUM(profit_brl) OVER (ORDER BY executed_at, id) AS cumulative_brl
           FROM trades t WHERE user_id = $1 AND bot_id = $2
       ) s ORDER BY executed_at DESC, id DESC LIMIT $3`,
      [userId, botId, limit],
    );
    const sums: { expected: string; realised: string; expected_brl: string; realised_brl: string }[] =
      await this.ds.query(
        `SELECT COALESCE(SUM(t.expected_profit),0)::text AS expected,
                COALESCE(SUM(${PROFIT_USDT}),0)::text AS realised,
                COALESCE(SUM(t.expected_profit * t.usdt_brl),0)::text AS expected_brl,
                COALESCE(SUM(t.profit_brl),0)::text AS realised_brl
           FROM trades t WHERE user_id = $1 AND bot_id = $2`,
        [userId, botId],
      );
    const s = sums[0];
    return {
      points,
      expected: s?.expected ?? '0',
      realised: s?.realised ?? '0',
      expectedBrl: s?.expected_brl ?? '0',
      realisedBrl: s?.realised_brl ?? '0',
    };
  }

  // ── the home, 'Visão geral' (api) ─────────────────────────────────────────────────────────────────────────

  /**
   * The recorded trades (completed and failed: pending ones have no result yet) of one mode: the exact USDT and R$
   * sums since São Paulo's midnight, over the last 7 and 30 days (× 24 h, as the history's filters) — read from
   * `trades` (the last 30 days only, through `trades_user_history_idx`) — and since the start, per UTC day from
   * `trade_day_totals` (the equity curve; its sum is the total).
   */
  async overview(
    userId: OwnerId,
    mode: BotMode,
    now = new Date(),
  ): Promise<{ windows: OverviewWindows; days: OverviewDay[] }> {
    const rows: OverviewWindows[] = await this.ds.query(
      `WITH w AS (
         SELECT (date_trunc('day', $3::timestamptz AT TIME ZONE 'America/Sao_Paulo') AT TIME ZONE 'America/Sao_Paulo') AS today,
                $3::timestamptz - interval '7 days' AS d7, $3::timestamptz - interval '30 days' AS d30
       )
       SELECT ${OVERVIEW_WINDOWS.map(
         ([name, start]) =>
           `COUNT(*) FILTER (WHERE t.executed_at >= w.${start})::int AS "${name}Trades",
            COALESCE(SUM(t.profit) FILTER (WHERE t.executed_at >= w.${start}), 0)::text AS "${name}Usdt",
            COALESCE(SUM(t.profit_brl) FILTER (WHERE t.executed_at >= w.${start}), 0)::text AS "${name}Brl"`,
       ).join(',')}
         FROM w LEFT JOIN trades t
           ON t.user_id = $1 AND t.mode = $2 AND t.status <> 'pending'
          AND t.executed_at >= w.d30 AND t.executed_at <= $3`,
      [userId, mode, now],
    );
    const days: OverviewDay[] = await this.ds.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, SUM(trades)::int AS trades, SUM(profit)::text AS usdt,
              SUM(profit_brl)::text AS brl
         FROM trade_day_totals WHERE user_id = $1 AND mode = $2 GROUP BY day HAVING SUM(trades) <> 0 ORDER BY day`,
      [userId, mode],
    );
    const windows = rows[0];
    if (!windows) throw new Error('overview: no row');
    return { windows, days };
  }

  /** Each of the user's bots' last trade (any status), from `trades_bot_executed_idx`. */
  lastTradeOfEachBot(userId: OwnerId): Promise<BotLastTrade[]> {
    return this.ds.query(
      `SELECT b.id AS "botId", t.executed_at AS "executedAt", t.status, t.profit_brl::text AS "profitBrl"
         FROM bots b
         JOIN LATERAL (SELECT executed_at, status, profit_brl FROM trades
                        WHERE bot_id = b.id ORDER BY executed_at DESC LIMIT 1) t ON true
        WHERE b.user_id = $1`,
      [userId],
    );
  }

  /** The modes the user has recorded trades in. */
  async tradedModes(userId: OwnerId): Promise<BotMode[]> {
    const rows: { mode: BotMode }[] = await this.ds.query(
      `SELECT DISTINCT mode FROM trade_day_totals WHERE user_id = $1 AND trades <> 0`,
      [userId],
    );
    return rows.map((r) => r.mode);
  }
}

const OVERVIEW_WINDOWS = [
  ['today', 'today'],
  ['days7', 'd7'],
  ['days30', 'd30'],
] as const;

type OverviewWindowName = (typeof OVERVIEW_WINDOWS)[number][0];

/** Count and exact sums (numeric as text) of each window of {@link TradesRepository.overview}. */
export type OverviewWindows = Record<`${OverviewWindowName}Trades`, number> &
  Record<`${OverviewWindowName}Usdt` | `${OverviewWindowName}Brl`, string>;

/** A bot's last trade: when, its status and its exact R$ profit. */
export interface BotLastTrade {
  botId: string;
  executedAt: Date;
  status: TradeStatus;
  profitBrl: string;
}

/** One UTC day of recorded trades: count and exact sums. */
export interface OverviewDay {
  day: string;
  trades: number;
  usdt: string;
  brl: string;
}

function totals(b: LedgerBotRow): BotTotals {
  return {
    botId: b.id,
    userId: b.user_id,
    status: b.status,
    active: b.active,
    statusReason: b.status_reason,
    totalTrades: b.total_trades,
    totalProfit: b.total_profit,
    totalProfitBrl: b.total_profit_brl,
    profitPercent: b.profit_percent,
  };
}
