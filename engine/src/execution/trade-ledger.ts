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
}

/**
 * The trade ledger: one database transaction writes the trade, its legs, the bot's balances and totals, and
 * applies the risk stops. Idempotent by the unique execution key: the same execution recorded twice changes
 * nothing the second time. All arithmetic is exact (Postgres numeric, decimal.js).
 */
export class TradeLedger {
  constructor(private readonly ds: DataSource) {}

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
         ON CONFLICT (execution_key) DO NOTHING RETURNING id`,
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
      for (const l of r.legs) {
        await m.query(
          `INSERT INTO trade_legs (trade_id, seq, kind, exchange, symbol, side, requested_amount, filled_amount,
             avg_price, quote_amount, fee, fee_asset, status, order_id)
           VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14)`,
          [
            tradeId,
            l.seq,
            l.kind,
            l.exchange,
            l.symbol,
            l.side,
            l.requestedAmount,
            l.filledAmount,
            l.avgPrice,
            l.quoteAmount,
            l.fee,
            l.feeAsset,
            l.status,
            l.orderId,
          ],
        );
      }
      if (!bot) return { recorded: true, tradeId, bot: null, stoppedReason: null };
      await applyDeltas(m, r.botId, r.deltas);
      const failed = r.status === 'failed';
      const updated = returning<BotRow>(
        await m.query(
          `UPDATE bots SET
           total_trades = total_trades + 1,
           total_profit = total_profit + $2::numeric,
           profit_percent = CASE WHEN COALESCE(initial_capital, 0) > 0
             THEN (total_profit + $2::numeric) * 100 / initial_capital ELSE 0 END,
           consecutive_failures = CASE WHEN $3 THEN consecutive_failures + 1 ELSE 0 END,
           naked_exposure = naked_exposure || $4::jsonb,
           updated_at = now()
         WHERE id = $1
         RETURNING id, user_id, max_investment::text, risk_level, status, active, status_reason, total_trades,
                   total_profit::text, profit_percent::text, consecutive_failures`,
          [r.botId, r.profit, failed, JSON.stringify(r.nakedExposure ?? {})],
        ),
      );
      let after = updated[0]!;
      const stoppedReason = await this.riskStop(m, after, r);
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
      return { recorded: true, tradeId, bot: totals(after), stoppedReason };
    });
  }

  /** DECISIONS §8: the daily loss limit (São Paulo day) and N consecutive failures stop a running bot. */
  private async riskStop(m: EntityManager, bot: BotRow, r: ExecutionRecord): Promise<string | null> {
    if (!bot.active) return null;
    if (bot.consecutive_failures >= MAX_CONSECUTIVE_FAILURES) {
      return MESSAGES.bots.stopReasonFailures(bot.consecutive_failures);
    }
    const limit = dailyLossLimitUsdt(bot.max_investment, bot.risk_level, r.usdtBrl);
    const rows: { day: string }[] = await m.query(
      `SELECT COALESCE(SUM(profit), 0)::text AS day FROM trades
        WHERE bot_id = $1
          AND executed_at >= (date_trunc('day', now() AT TIME ZONE 'America/Sao_Paulo') AT TIME ZONE 'America/Sao_Paulo')`,
      [bot.id],
    );
    const day = new Decimal(rows[0]?.day ?? '0');
    if (day.negated().gte(limit)) return MESSAGES.bots.stopReasonDailyLoss(limit.toFixed(2));
    return null;
  }
}

/** The daily loss limit in USDT: maxInvestment (R$) × 2/5/10 % ÷ USDT/BRL. */
export function dailyLossLimitUsdt(maxInvestmentBrl: string, risk: RiskLevel, usdtBrl: string): Decimal {
  return new Decimal(maxInvestmentBrl).mul(RISK_DAILY_LOSS[risk]).div(usdtBrl);
}

async function applyDeltas(m: EntityManager, botId: string, deltas: readonly BalanceDelta[]): Promise<void> {
  const merged = new Map<string, { exchange: string; asset: string; delta: Decimal }>();
  for (const d of deltas) {
    const key = `${d.exchange}|${d.asset}`;
    const cur = merged.get(key) ?? { exchange: d.exchange, asset: d.asset, delta: new Decimal(0) };
    cur.delta = cur.delta.plus(d.delta);
    merged.set(key, cur);
  }
  for (const d of merged.values()) {
    if (d.delta.isZero()) continue;
    await m.query(
      `INSERT INTO bot_balances (bot_id, exchange, asset, amount, initial) VALUES ($1, $2, $3, $4, 0)
       ON CONFLICT (bot_id, exchange, asset) DO UPDATE SET amount = bot_balances.amount + EXCLUDED.amount, updated_at = now()`,
      [botId, d.exchange, d.asset, d.delta.toFixed()],
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
