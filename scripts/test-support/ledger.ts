import { Decimal } from 'decimal.js';

export type Query = <R>(text: string, values?: unknown[]) => Promise<R[]>;

export interface LegRow {
  trade_id: string;
  seq: number;
  kind: string;
  exchange: string;
  symbol: string;
  side: 'buy' | 'sell';
  requested: string;
  filled: string;
  quote: string;
  fee: string;
  fee_asset: string;
  status: string;
}

/** Balance change per `${exchange}:${asset}` of a set of legs, as the paper exchange settles them (fee in fee_asset). */
export function legDeltas(legs: readonly LegRow[]): Map<string, Decimal> {
  const out = new Map<string, Decimal>();
  const add = (exchange: string, asset: string, d: Decimal) => {
    const key = `${exchange}:${asset}`;
    out.set(key, (out.get(key) ?? new Decimal(0)).plus(d));
  };
  for (const l of legs) {
    const [base, quote] = l.symbol.split('/') as [string, string];
    const filled = new Decimal(l.filled);
    const quoteAmount = new Decimal(l.quote);
    add(l.exchange, base, l.side === 'buy' ? filled : filled.negated());
    add(l.exchange, quote, l.side === 'buy' ? quoteAmount.negated() : quoteAmount);
    // the fee from the asset it was charged in (a buy's: the base received)
    add(l.exchange, l.fee_asset || quote, new Decimal(l.fee).negated());
  }
  return out;
}

/** The legs of some trades, in order. */
export function legsOf(query: Query, tradeIds: readonly string[]): Promise<LegRow[]> {
  return query<LegRow>(
    `SELECT trade_id, seq, kind, exchange, symbol, side, requested_amount::text AS requested,
            filled_amount::text AS filled, quote_amount::text AS quote, fee::text, fee_asset, status
       FROM trade_legs WHERE trade_id = ANY($1::uuid[]) ORDER BY trade_id, seq`,
    [tradeIds],
  );
}

/**
 * What does not add up in a paper bot's books, in words (empty when everything does): its totals against its
 * trades, a trade recorded twice for one execution, a trade left pending, and each balance change against what
 * the legs of its trades did.
 */
export async function ledgerMismatches(query: Query, botId: string): Promise<string[]> {
  const problems: string[] = [];
  const [head] = await query<{ total: string; total_trades: number; sum: string; n: number; keys: number }>(
    `SELECT b.total_profit::text AS total, b.total_trades,
            (SELECT COALESCE(SUM(t.profit), 0) FROM trades t WHERE t.bot_id = b.id AND t.status <> 'pending')::text AS sum,
            (SELECT count(*)::int FROM trades t WHERE t.bot_id = b.id AND t.status <> 'pending') AS n,
            (SELECT count(DISTINCT t.execution_key)::int FROM trades t WHERE t.bot_id = b.id AND t.status <> 'pending') AS keys
       FROM bots b WHERE b.id = $1`,
    [botId],
  );
  if (!head) return [`bot ${botId} não existe`];
  if (head.total_trades !== head.n) problems.push(`total_trades ${head.total_trades} ≠ ${head.n} trades`);
  if (head.keys !== head.n) problems.push(`${head.n} trades para ${head.keys} execuções`);
  if (!new Decimal(head.sum).eq(head.total))
    problems.push(`Σ profit ${head.sum} ≠ total_profit ${head.total}`);
  const pending = await query<{ id: string }>(
    `SELECT id FROM trades WHERE bot_id = $1 AND status = 'pending'`,
    [botId],
  );
  if (pending.length) problems.push(`${pending.length} trade(s) pendente(s)`);
  const trades = await query<{ id: string }>(`SELECT id FROM trades WHERE bot_id = $1`, [botId]);
  const fromLegs = legDeltas(
    await legsOf(
      query,
      trades.map((t) => t.id),
    ),
  );
  const balances = await query<{ exchange: string; asset: string; change: string }>(
    `SELECT exchange, asset, (amount - initial)::text AS change FROM bot_balances WHERE bot_id = $1`,
    [botId],
  );
  const changes = new Map(balances.map((r) => [`${r.exchange}:${r.asset}`, new Decimal(r.change)]));
  for (const key of new Set([...fromLegs.keys(), ...changes.keys()])) {
    const a = changes.get(key) ?? new Decimal(0);
    const b = fromLegs.get(key) ?? new Decimal(0);
    if (!a.eq(b)) problems.push(`${key}: saldo mudou ${a.toFixed()}, as pernas dizem ${b.toFixed()}`);
  }
  return problems;
}
