import { Decimal } from 'decimal.js';
import type { DataSource, EntityManager } from 'typeorm';
import {
  MAX_CONSECUTIVE_FAILURES,
  MESSAGES,
  RISK_DAILY_LOSS,
  type BotMode,
  type BotStatus,
  type BotStrategy,
  type RiskLevel,
  type TradeLeg,
  type TradeStatus,
} from '@arbitra/contracts';

import type { StatisticalPlan } from './statistical-effects.js';

export const QUOTE_ASSET = 'USDT';

/** A leg as the ledger stores it: the leg the API shows, plus the exchange's order id. */
export interface LegRecord extends TradeLeg {
  orderId: string | null;
}

export interface BalanceDelta {
  exchange: string;
  asset: string;
  delta: string;
}

/** What an execution produced; the ledger records it in one transaction. */
export interface ExecutionRecord {
  executionKey: string;
  botId: string;
  userId: string;
  botName: string;
  opportunityId: string;
  strategy: BotStrategy;
  mode: BotMode;
  pair: string;
  buyExchange: string;
  sellExchange: string;
  buyPrice: string;
  sellPrice: string;
  amount: string;
  /** Realised profit in USDT: must equal the sum of the USDT balance deltas. */
  profit: string;
  profitPercent: string;
  expectedProfit: string;
  expectedProfitPercent: string;
  usdtBrl: string;
  status: TradeStatus;
  failureReason: string | null;
  executedAt: Date;
  legs: LegRecord[];
  deltas: BalanceDelta[];
  /** Base amounts left open by a failed unwind, per `${exchange}:${asset}`. */
  nakedExposure?: Record<string, string>;
  /** A completed statistical entry opens this position (same transaction). */
  openPosition?: OpenPosition;
  /** A statistical exit closes the position opened on this opportunity id. */
  closesPosition?: string;
  /** A statistical exit that matched only part of the position reduces it by this amount. */
  reducesPosition?: { opportunityId: string; amount: string };
}

/** An open statistical position as stored (stat_positions). */
export interface OpenPosition {
  opportunityId: string;
  symbol: string;
  buyExchange: string;
  sellExchange: string;
  amount: string;
  entrySpreadBps: number;
  meanBps: number;
  firstSeen: number;
}

/** Where an execution's orders may go: how a recovery finds them again by client order id. */
export interface ExecutionPlan {
  /** Entry legs in order (seq 1..n). */
  legs: { exchange: string; symbol: string }[];
  /** Markets an unwind may use. */
  unwindMarkets: { exchange: string; symbol: string }[];
  /** The most orders the execution places (entries and unwinds): client order ids seq 1..maxOrders. */
  maxOrders: number;
  /** A statistical entry or exit: the position it opens or closes (a recovery applies it too). */
  statistical?: StatisticalPlan;
}

/** The trade as written 'pending' before the first order (the opportunity's figures; no fills yet). */
export type PendingExecution = Omit<
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
  plan: ExecutionPlan;
};

/** A pending trade read back for recovery. */
export interface PendingTrade extends PendingExecution {
  tradeId: string;
  ageMs: number;
}

export interface BotTotals {
  botId: string;
  userId: string;
  status: BotStatus;
  active: boolean;
  statusReason: string | null;
  totalTrades: number;
  totalProfit: string;
  profitPercent: string;
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
}

/** Sum of the USDT deltas (the realised profit as the balances see it). */
export function quoteDelta(deltas: readonly BalanceDelta[]): Decimal {
  return deltas.filter((d) => d.asset === QUOTE_ASSET).reduce((s, d) => s.plus(d.delta), new Decimal(0));
}

interface BotRow {
  id: string;
  user_id: string;
  max_investment: string;
  risk_level: RiskLevel;
  status: BotStatus;
  active: boolean;
  status_reason: string | null;
  total_trades: number;
  total_profit: string;
  profit_percent: string;
  consecutive_failures: number;
  /** Today's (São Paulo) profit of the bot, this trade included (after the update only). */
  day_profit?: string;
}

export interface BalanceRow {
  exchange: string;
  asset: string;
  amount: string;
}

/**
 * The trade ledger: one database transaction writes the trade, its legs, the bot's balances and totals, and
 * applies the risk stops. Idempotent by the unique execution key: the same execution recorded twice changes
 * nothing the second time. All arithmetic is exact (Postgres numeric, decimal.js).
 */
export class TradeLedger {
  constructor(private readonly ds: DataSource) {}

  /**
   * The journal entry, before any order: the trade 'pending' with its plan. false: this execution key is
   * already there (a retried or duplicated job), and nothing was written.
   */
  async begin(p: PendingExecution): Promise<boolean> {
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
  async pending(filter: { olderThanMs?: number; executionKey?: string }): Promise<PendingTrade[]> {
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
      plan: ExecutionPlan | null;
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

  async record(r: ExecutionRecord): Promise<LedgerResult> {
    if (!quoteDelta(r.deltas).eq(r.profit)) {
      throw new Error(`ledger: profit ${r.profit} != USDT balance change ${quoteDelta(r.deltas).toFixed()}`);
    }
    return this.ds.transaction(async (m) => {
      // Lock the bot first: one ledger write at a time per bot, totals always consistent.
      const bots: BotRow[] = await m.query(
        `SELECT id, user_id, max_investment::text, risk_level, status, active, status_reason, total_trades,
                total_profit::text, profit_percent::text, consecutive_failures
           FROM bots WHERE id = $1 FOR UPDATE`,
        [r.botId],
      );
      const bot = bots[0] ?? null;
      const inserted: { id: string }[] = await m.query(
        `INSERT INTO trades (user_id, bot_id, bot_name, execution_key, opportunity_id, strategy, mode, pair,
           buy_exchange, sell_exchange, buy_price, sell_price, amount, profit, profit_percent, expected_profit,
           expected_profit_percent, usdt_brl, status, failure_reason, executed_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21)
         ON CONFLICT (execution_key) DO UPDATE SET
           buy_price = EXCLUDED.buy_price, sell_price = EXCLUDED.sell_price, amount = EXCLUDED.amount,
           profit = EXCLUDED.profit, profit_percent = EXCLUDED.profit_percent,
           expected_profit = EXCLUDED.expected_profit, expected_profit_percent = EXCLUDED.expected_profit_percent,
           status = EXCLUDED.status, failure_reason = EXCLUDED.failure_reason, executed_at = EXCLUDED.executed_at
         WHERE trades.status = 'pending'
         RETURNING id`,
        [
          r.userId,
          bot ? r.botId : null,
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
        ],
      );
      const tradeId = inserted[0]?.id;
      if (!tradeId)
        return { recorded: false, tradeId: null, bot: bot ? totals(bot) : null, stoppedReason: null };
      await insertLegs(m, tradeId, r.legs);
      if (!bot) return { recorded: true, tradeId, bot: null, stoppedReason: null };
      const balances = await applyDeltas(m, r.botId, r.deltas);
      await applyPosition(m, r);
      const failed = r.status === 'failed';
      const updated = returning<BotRow>(
        await m.query(
          `UPDATE bots SET
           total_trades = total_trades + 1,
           total_profit = total_profit + $2::numeric,
           profit_percent = CASE WHEN COALESCE(initial_capital, 0) > 0
             THEN (total_profit + $2::numeric) * 100 / initial_capital ELSE 0 END,
           consecutive_failures = CASE WHEN $3 THEN consecutive_failures + 1 ELSE 0 END,
           naked_exposure = (
             SELECT COALESCE(jsonb_object_agg(k, to_jsonb(total::text)), '{}'::jsonb) FROM (
               SELECT k, SUM(v::numeric) AS total FROM (
                 SELECT key AS k, value #>> '{}' AS v FROM jsonb_each(naked_exposure)
                 UNION ALL SELECT key, value #>> '{}' FROM jsonb_each($4::jsonb)
               ) parts GROUP BY k HAVING SUM(v::numeric) <> 0
             ) sums),
           updated_at = now()
         WHERE id = $1
         RETURNING id, user_id, max_investment::text, risk_level, status, active, status_reason, total_trades,
                   total_profit::text, profit_percent::text, consecutive_failures,
                   (SELECT COALESCE(SUM(profit), 0) FROM trades WHERE bot_id = $1 AND executed_at >=
                      (date_trunc('day', now() AT TIME ZONE 'America/Sao_Paulo') AT TIME ZONE 'America/Sao_Paulo')
                   )::text AS day_profit`,
          [r.botId, r.profit, failed, JSON.stringify(r.nakedExposure ?? {})],
        ),
      );
      let after = updated[0]!;
      const stoppedReason = riskStop(after, r);
      if (stoppedReason) {
        const stopped = returning<BotRow>(
          await m.query(
            `UPDATE bots SET active = false, status = 'error', status_reason = $2, updated_at = now() WHERE id = $1
           RETURNING id, user_id, max_investment::text, risk_level, status, active, status_reason, total_trades,
                     total_profit::text, profit_percent::text, consecutive_failures`,
            [r.botId, stoppedReason],
          ),
        );
        after = stopped[0]!;
      }
      return { recorded: true, tradeId, bot: totals(after), stoppedReason, balances };
    });
  }
}

/** DECISIONS §8: the daily loss limit (São Paulo day) and N consecutive failures stop a running bot. */
function riskStop(bot: BotRow, r: ExecutionRecord): string | null {
  if (!bot.active) return null;
  if (bot.consecutive_failures >= MAX_CONSECUTIVE_FAILURES) {
    return MESSAGES.bots.stopReasonFailures(bot.consecutive_failures);
  }
  const limit = dailyLossLimitUsdt(bot.max_investment, bot.risk_level, r.usdtBrl);
  const day = new Decimal(bot.day_profit ?? '0');
  if (day.negated().gte(limit)) return MESSAGES.bots.stopReasonDailyLoss(limit.toFixed(2));
  return null;
}

/** The daily loss limit in USDT: maxInvestment (R$) × 2/5/10 % ÷ USDT/BRL. */
export function dailyLossLimitUsdt(maxInvestmentBrl: string, risk: RiskLevel, usdtBrl: string): Decimal {
  return new Decimal(maxInvestmentBrl).mul(RISK_DAILY_LOSS[risk]).div(usdtBrl);
}

/** The balance changes, merged per exchange and asset, in one statement; answers the balances they touched. */
async function applyDeltas(
  m: EntityManager,
  botId: string,
  deltas: readonly BalanceDelta[],
): Promise<BalanceRow[]> {
  const merged = new Map<string, { exchange: string; asset: string; delta: Decimal }>();
  for (const d of deltas) {
    const key = `${d.exchange}|${d.asset}`;
    const cur = merged.get(key) ?? { exchange: d.exchange, asset: d.asset, delta: new Decimal(0) };
    cur.delta = cur.delta.plus(d.delta);
    merged.set(key, cur);
  }
  const changes = [...merged.values()].filter((d) => !d.delta.isZero());
  if (changes.length === 0) return [];
  return m.query(
    `INSERT INTO bot_balances (bot_id, exchange, asset, amount, initial)
       SELECT $1::uuid, exchange, asset, delta, 0 FROM unnest($2::text[], $3::text[], $4::numeric[]) AS d(exchange, asset, delta)
     ON CONFLICT (bot_id, exchange, asset) DO UPDATE SET amount = bot_balances.amount + EXCLUDED.amount, updated_at = now()
     RETURNING exchange, asset, amount::text`,
    [
      botId,
      changes.map((d) => d.exchange),
      changes.map((d) => d.asset),
      changes.map((d) => d.delta.toFixed()),
    ],
  );
}

/** The legs of a trade, in one statement. */
async function insertLegs(m: EntityManager, tradeId: string, legs: readonly LegRecord[]): Promise<void> {
  if (legs.length === 0) return;
  const col = <K extends keyof LegRecord>(k: K) => legs.map((l) => l[k]);
  await m.query(
    `INSERT INTO trade_legs (trade_id, seq, kind, exchange, symbol, side, requested_amount, filled_amount,
       avg_price, quote_amount, fee, fee_asset, status, order_id)
     SELECT $1::uuid, * FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::numeric[], $8::numeric[],
       $9::numeric[], $10::numeric[], $11::numeric[], $12::text[], $13::text[], $14::text[])`,
    [
      tradeId,
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
    ],
  );
}

/** A statistical entry opens its position and an exit closes or reduces it, with the trade (a restart finds them). */
async function applyPosition(m: EntityManager, r: ExecutionRecord): Promise<void> {
  if (r.closesPosition) {
    await m.query(`DELETE FROM stat_positions WHERE bot_id = $1 AND opportunity_id = $2`, [
      r.botId,
      r.closesPosition,
    ]);
  }
  if (r.reducesPosition) {
    await m.query(
      `UPDATE stat_positions SET amount = amount - $3::numeric WHERE bot_id = $1 AND opportunity_id = $2`,
      [r.botId, r.reducesPosition.opportunityId, r.reducesPosition.amount],
    );
  }
  const p = r.openPosition;
  if (p) {
    await m.query(
      `INSERT INTO stat_positions (bot_id, opportunity_id, user_id, symbol, buy_exchange, sell_exchange, amount,
         entry_spread_bps, mean_bps, first_seen)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10) ON CONFLICT (bot_id, opportunity_id) DO NOTHING`,
      [
        r.botId,
        p.opportunityId,
        r.userId,
        p.symbol,
        p.buyExchange,
        p.sellExchange,
        p.amount,
        p.entrySpreadBps,
        p.meanBps,
        Math.round(p.firstSeen),
      ],
    );
  }
}

/** TypeORM answers an UPDATE … RETURNING on Postgres as [rows, affected]. */
function returning<T>(result: unknown): T[] {
  const r = result as unknown[];
  return (Array.isArray(r[0]) ? r[0] : r) as T[];
}

function totals(b: BotRow): BotTotals {
  return {
    botId: b.id,
    userId: b.user_id,
    status: b.status,
    active: b.active,
    statusReason: b.status_reason,
    totalTrades: b.total_trades,
    totalProfit: b.total_profit,
    profitPercent: b.profit_percent,
  };
}
