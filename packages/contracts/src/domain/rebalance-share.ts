import { Decimal } from 'decimal.js';
import type { ExchangeId } from './exchanges.js';
import { transferRoute, type TransferFeeTable, type TransferRoute } from './transfer-fees.js';

/**
 * 'Lucro após rebalanceamento' (issue 29, item 3): an opportunity's or a trade's net profit minus its share of the
 * transfers that undo its inventory move, amortised over a transfer size.
 *
 * A cross-exchange trade buys Q base on A and sells it on B: A ends with Q more base and Q × price less quote, B
 * the opposite. Undoing it takes one transfer of the base from A to B and one of the quote from B to A, each on the
 * cheapest network open on both sides (`transferRoute`). A transfer of size S (R$) serves S ÷ (Q × price) trades
 * like this one, so this trade's share of the two fees is
 *
 *   cost = Q / S_base × fee_base × price + (Q × price) / S_quote × fee_quote
 *        = notional × (fee_base × price + fee_quote) / S          (all in R$: S_base = S ÷ price, S_quote = S)
 *
 * A route that does not exist (no network open on both sides) is 'sem_rota': the figure is not available, never
 * free. A triangular cycle stays on one exchange and a statistical position is closed by the opposite trades on
 * the same two exchanges (its exit restores the split): 'sem_transferencia', the figure equals the net profit.
 *
 * Pure and exact (decimal strings); the engine's detectors, the bot matcher, the trades' mapper and the web all
 * call these functions, and `rebalanceAt` recomputes a figure for another transfer size without the fee table.
 */

/** The scanner's transfer size (R$) when the user chose none; a bot uses its capital share per exchange. */
export const DEFAULT_REBALANCE_TRANSFER_BRL = '5000';

export interface RebalanceShareTransfer {
  asset: string;
  from: ExchangeId;
  to: ExchangeId;
  network: string;
  /** Withdrawal fee, in the asset. */
  fee: string;
  /** The fee in R$ at the trade's price. */
  feeBrl: string;
  minutes: number;
}

export type RebalanceShareStatus = 'transferencia' | 'sem_transferencia' | 'sem_rota';

export interface RebalanceShare {
  status: RebalanceShareStatus;
  /** The transfer size the fees are amortised over, R$. */
  transferBrl: string;
  /** Value each transfer moves back for this trade (Q × price), R$. */
  notionalBrl: string;
  /** The fees of one transfer of each asset, R$. */
  feesBrl: string;
  /** Capital engaged, R$ (the % base). */
  capitalBrl: string;
  /** Net profit before rebalancing, R$. */
  netBrl: string;
  /** This trade's share of the fees, R$ (null: sem rota). */
  costBrl: string | null;
  /** Net profit after rebalancing, R$ (null: sem rota). */
  afterBrl: string | null;
  /** After-rebalancing profit ÷ capital × 100, 4 decimals (null: sem rota). */
  afterPercent: string | null;
  /** The same as a float, for sorting and filtering only. */
  afterPct: number | null;
  transfers: RebalanceShareTransfer[];
  /** Assets with no network open on both sides (status 'sem_rota'). */
  missing: string[];
}

/** A cross-exchange inventory move: Q base bought on `buyExchange` at `price`, sold on `sellExchange`. */
export interface CrossMove {
  base: string;
  quote: string;
  buyExchange: ExchangeId;
  sellExchange: ExchangeId;
  /** Q, base units. */
  amount: Decimal.Value;
  /** Quote per base. */
  price: Decimal.Value;
  /** R$ per unit of the quote (1 for BRL, the USDT/BRL rate for USDT). */
  quoteBrl: Decimal.Value;
  netBrl: Decimal.Value;
  capitalBrl: Decimal.Value;
}

/** The two transfers that undo a move (null where no network is open on both sides). */
export interface UndoRoutes {
  base: TransferRoute | null;
  quote: TransferRoute | null;
}

const D = (v: Decimal.Value) => new Decimal(v);
const DP = 8;
const PCT_DP = 4;
const s = (v: Decimal) => v.toDecimalPlaces(DP).toFixed();

/** The base from the buying exchange back to the selling one, the quote from the selling one back to the buyer. */
export function undoRoutes(
  table: TransferFeeTable,
  base: string,
  quote: string,
  buyExchange: ExchangeId,
  sellExchange: ExchangeId,
): UndoRoutes {
  return {
    base: transferRoute(table, base, buyExchange, sellExchange),
    quote: transferRoute(table, quote, sellExchange, buyExchange),
  };
}

/** The figures of one transfer size from the parts that do not depend on it. */
function atSize(
  parts: Omit<RebalanceShare, 'transferBrl' | 'costBrl' | 'afterBrl' | 'afterPercent' | 'afterPct'>,
  transferBrl: Decimal.Value,
): RebalanceShare {
  const size = D(transferBrl);
  const out = { ...parts, transferBrl: size.toFixed() };
  if (parts.status === 'sem_rota' || !size.gt(0))
    return { ...out, costBrl: null, afterBrl: null, afterPercent: null, afterPct: null };
  const cost = D(parts.notionalBrl).mul(parts.feesBrl).div(size);
  const after = D(parts.netBrl).minus(cost);
  const capital = D(parts.capitalBrl);
  const pct = capital.gt(0) ? after.div(capital).mul(100).toDecimalPlaces(PCT_DP) : D(0);
  return {
    ...out,
    costBrl: s(cost),
    afterBrl: s(after),
    afterPercent: pct.toFixed(PCT_DP),
    afterPct: pct.toNumber(),
  };
}

/** The share of a cross-exchange move, given its undo routes (precomputed per route by the engine). */
export function crossRebalanceShare(
  move: CrossMove,
  routes: UndoRoutes,
  transferBrl: Decimal.Value,
): RebalanceShare {
  const price = D(move.price);
  const quoteBrl = D(move.quoteBrl);
  const transfers: RebalanceShareTransfer[] = [];
  const missing: string[] = [];
  let fees = D(0);
  for (const [asset, route, brlPerUnit] of [
    [move.base, routes.base, price.mul(quoteBrl)],
    [move.quote, routes.quote, quoteBrl],
  ] as const) {
    if (!route) {
      missing.push(asset);
      continue;
    }
    const feeBrl = D(route.fee).mul(brlPerUnit);
    fees = fees.plus(feeBrl);
    transfers.push({
      asset,
      from: route.from,
      to: route.to,
      network: route.network,
      fee: route.fee,
      feeBrl: s(feeBrl),
      minutes: route.minutes,
    });
  }
  return atSize(
    {
      status: missing.length > 0 ? 'sem_rota' : 'transferencia',
      notionalBrl: s(D(move.amount).mul(price).mul(quoteBrl)),
      feesBrl: s(fees),
      capitalBrl: s(D(move.capitalBrl)),
      netBrl: s(D(move.netBrl)),
      transfers,
      missing,
    },
    transferBrl,
  );
}

/** Nothing moves between exchanges (a triangular cycle, a statistical position): the figure is the net profit. */
export function noTransferShare(
  netBrl: Decimal.Value,
  capitalBrl: Decimal.Value,
  transferBrl: Decimal.Value,
): RebalanceShare {
  return atSize(
    {
      status: 'sem_transferencia',
      notionalBrl: '0',
      feesBrl: '0',
      capitalBrl: s(D(capitalBrl)),
      netBrl: s(D(netBrl)),
      transfers: [],
      missing: [],
    },
    transferBrl,
  );
}

/** The same share for another transfer size (the user's choice, a bot's capital share): no fee table needed. */
export function rebalanceAt(share: RebalanceShare, transferBrl: Decimal.Value): RebalanceShare {
  return atSize(share, transferBrl);
}

/**
 * A bot's transfer size: its capital share per exchange (maxInvestment ÷ number of exchanges, R$) — the size a
 * rebalance of its own balances would move.
 */
export function botTransferBrl(maxInvestment: Decimal.Value, exchanges: number): string {
  if (exchanges <= 0) return DEFAULT_REBALANCE_TRANSFER_BRL;
  return D(maxInvestment).div(exchanges).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed();
}

const MARKET = /^([A-Z0-9]+)\/([A-Z0-9]+)$/;

/** What a trade needs (Trade on the wire, a trades row): its pair, exchanges, amount, price, rate and R$ figures. */
export interface TradeMove {
  strategy: string;
  pair: string;
  buyExchange: string;
  sellExchange: string;
  amount: Decimal.Value;
  buyPrice: Decimal.Value;
  usdtBrl: Decimal.Value;
  profitBrl: Decimal.Value;
  volumeBrl: Decimal.Value;
}

/**
 * A recorded trade's share, computed on read from its stored pair, exchanges, amount and price (so no column and
 * no change to the executor): cross-exchange trades only ('arbitrage'); the others move nothing between exchanges.
 */
export function tradeRebalanceShare(
  t: TradeMove,
  table: TransferFeeTable,
  transferBrl: Decimal.Value = DEFAULT_REBALANCE_TRANSFER_BRL,
): RebalanceShare {
  const m = MARKET.exec(t.pair);
  if (t.strategy !== 'arbitrage' || !m || t.buyExchange === t.sellExchange)
    return noTransferShare(t.profitBrl, t.volumeBrl, transferBrl);
  const [, base, quote] = m as unknown as [string, string, string];
  const buy = t.buyExchange as ExchangeId;
  const sell = t.sellExchange as ExchangeId;
  return crossRebalanceShare(
    {
      base,
      quote,
      buyExchange: buy,
      sellExchange: sell,
      amount: t.amount,
      price: t.buyPrice,
      quoteBrl: quote === 'BRL' ? 1 : t.usdtBrl,
      netBrl: t.profitBrl,
      capitalBrl: t.volumeBrl,
    },
    undoRoutes(table, base, quote, buy, sell),
    transferBrl,
  );
}
