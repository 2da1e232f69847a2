import { Decimal } from 'decimal.js';
import { roundBrlString } from './decimal-string.js';
import type { TradeLeg } from './bots.js';

/**
 * R$ figures of a trade (issue 15, DECISIONS §11): one rule, used by the ledger when it records a trade (and by
 * the migration that backfilled the trades recorded before), so the history, the stats and the exports read
 * stored columns.
 *
 * - A trade is quoted in the quote asset of its pair ('BTC/USDT' → USDT, 'BTC/BRL' → BRL); a triangular trade
 *   (whose pair is its route) is in USDT. Its amount and prices are in that currency.
 * - Its profit and expected profit are stored in USDT for every pair, as the ledger records them (a BRL pair's
 *   reais ÷ the trade's rate), so a bot's totals and its daily loss add one currency: R$ = profit × usdtBrl.
 * - `usdtBrl` is the USDT/BRL rate of the trade's moment (the opportunity's reference rate).
 * - Other values quoted in USDT: R$ = value × usdtBrl; quoted in BRL: R$ = value.
 * - Prices of the trade's moment (legPrice, one rule for the profit and the fees): an asset one of the trade's
 *   legs traded against USDT or BRL at the first such leg's average price (the base received, e.g. BTC on a
 *   Binance buy; BNB only when the trade traded BNB), else through one cross pair (ETH/BTC priced by a BTC/USDT
 *   leg), else at the trade's mark for it (USDT per unit, the market's price at the trade's moment, kept with the
 *   trade: a fee in BNB on a trade that did not trade BNB). An asset none of these price is left out.
 * - Profit (tradeValue, issue 25): the value of every balance change the trade made — every asset, on every
 *   exchange, fees in any asset included — at those prices: a triangular cycle's base-asset remainder (dust below
 *   a market's step) and a fee in BNB count, and stay in the bot's balances.
 * - Fees: each leg's fee by the asset it was charged in, at those prices.
 * - Volume: the value the entry legs bought with USDT or BRL (cross-exchange and statistical: the buy leg;
 *   triangular: the first leg when it spends the start asset); a trade recorded without legs falls back to
 *   amount × buyPrice.
 * Stored exact (Postgres numeric); shown rounded to centavos.
 */

/** What the rule needs of a leg (TradeLeg, a ledger LegRecord, a backtest leg or a trade_legs row). */
export type BrlLeg = Pick<
  TradeLeg,
  'kind' | 'symbol' | 'side' | 'avgPrice' | 'quoteAmount' | 'fee' | 'feeAsset' | 'otherFees'
>;

export interface BrlTradeInput {
  pair: string;
  usdtBrl: string;
  profit: string;
  amount: string;
  buyPrice: string;
  legs: readonly BrlLeg[];
  /** USDT per unit of assets the legs do not price (a fee in BNB), at the trade's moment. */
  marks?: Readonly<Record<string, string>>;
}

/** Exact decimal strings in R$. */
export interface TradeBrlFigures {
  profitBrl: string;
  feesBrl: string;
  volumeBrl: string;
}

const MARKET = /^([A-Z0-9]+)\/([A-Z0-9]+)$/;

/** Trade values: 60 significant digits, half away from zero (as Postgres rounds numeric), whatever the global. */
const Exact = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -60, toExpPos: 60 });

/** The currency a trade's figures are in: the quote of its pair, USDT for a triangular route. */
export function tradeQuote(pair: string): string {
  return MARKET.exec(pair)?.[2] ?? 'USDT';
}

/** R$ per unit of `quote` ('BRL' → 1, 'USDT' → the rate); null for any other asset. */
function fiatRate(quote: string, usdtBrl: Decimal.Value, D: Decimal.Constructor = Decimal): Decimal | null {
  if (quote === 'BRL') return new D(1);
  if (quote === 'USDT') return new D(usdtBrl);
  return null;
}

/** A value in the trade's quote currency, in R$. */
export function quoteToBrl(value: Decimal.Value, pair: string, usdtBrl: Decimal.Value): Decimal {
  return new Decimal(value).mul(fiatRate(tradeQuote(pair), usdtBrl) ?? usdtBrl);
}

/** A USDT value (a trade's profit or expected profit) in R$ at the trade's rate. */
export function usdtToBrl(value: Decimal.Value, usdtBrl: Decimal.Value): Decimal {
  return new Decimal(value).mul(usdtBrl);
}

/** A price of an asset in the unit a figure is written in (null: not a price this rule knows). */
type UnitPrice = (asset: string) => Decimal | null;

/**
 * The price of `asset` at the trade's moment, in the unit `fiat` prices USDT and BRL in, from the trade's own legs
 * (one rule for the profit and the R$ fees): the first leg that traded it against USDT or BRL (its average price);
 * else the first that traded it against an asset such a leg prices (ETH/BTC priced by a BTC/USDT leg); else its
 * mark (USDT per unit, the market's price at the trade's moment, kept with the trade for assets its legs did not
 * trade: a BNB fee). null: unknown.
 */
function legPrice(
  asset: string,
  legs: readonly BrlLeg[],
  fiat: UnitPrice,
  marks: Readonly<Record<string, string>> | undefined,
  depth = 0,
): Decimal | null {
  const own = fiat(asset);
  if (own) return own;
  let cross: Decimal | null = null;
  for (const leg of legs) {
    const m = MARKET.exec(leg.symbol);
    if (!m || m[1] !== asset || new Exact(leg.avgPrice).lte(0)) continue;
    const quote = fiat(m[2]!);
    if (quote) return new Exact(leg.avgPrice).mul(quote);
    if (!cross && depth === 0) {
      const q = legPrice(m[2]!, legs, fiat, marks, depth + 1);
      if (q) cross = new Exact(leg.avgPrice).mul(q);
    }
  }
  if (cross) return cross;
  const mark = marks?.[asset];
  const usdt = fiat('USDT');
  return mark !== undefined && usdt ? new Exact(mark).mul(usdt) : null;
}

/** R$ per unit of `asset` at the trade's moment (legPrice in reais). */
function brlPrice(
  asset: string,
  legs: readonly BrlLeg[],
  usdtBrl: Decimal.Value,
  marks?: Readonly<Record<string, string>>,
): Decimal | null {
  return legPrice(asset, legs, (a) => fiatRate(a, usdtBrl), marks);
}

/** A balance change of one asset (on any exchange). */
export interface AssetChange {
  asset: string;
  delta: string;
}

/**
 * The value of a trade's balance changes — every asset on every exchange, fees in any asset included — at the
 * trade's own prices (legPrice), in `unit`: USDT (a USDT 1, a BRL 1 ÷ usdtBrl, any other asset by the legs) or
 * BRL (for a BRL pair: a USDT × usdtBrl). What stays in the bot's balances (the base-asset remainder of a
 * triangular cycle, a fee in BNB) counts at that price. `unpriced`: the assets no leg and no mark price (left out).
 */
export function tradeValue(
  changes: readonly AssetChange[],
  legs: readonly BrlLeg[],
  unit: 'USDT' | 'BRL',
  usdtBrl: Decimal.Value,
  marks?: Readonly<Record<string, string>>,
): { value: Decimal; unpriced: string[] } {
  const fiat: UnitPrice =
    unit === 'BRL'
      ? (a) => fiatRate(a, usdtBrl, Exact)
      : (a) => (a === 'USDT' ? new Exact(1) : a === 'BRL' ? new Exact(1).div(usdtBrl) : null);
  const byAsset = new Map<string, Decimal>();
  for (const c of changes) byAsset.set(c.asset, (byAsset.get(c.asset) ?? new Exact(0)).plus(c.delta));
  let value = new Exact(0);
  const unpriced: string[] = [];
  for (const [asset, delta] of byAsset) {
    if (delta.isZero()) continue;
    const price = legPrice(asset, legs, fiat, marks);
    if (price) value = value.plus(delta.mul(price));
    else unpriced.push(asset);
  }
  return { value, unpriced };
}

/** The R$ figures of a trade (see the rules above). */
export function tradeBrlFigures(t: BrlTradeInput): TradeBrlFigures {
  let fees = new Decimal(0);
  let volume = new Decimal(0);
  for (const leg of t.legs) {
    for (const fee of [{ cost: leg.fee, currency: leg.feeAsset }, ...(leg.otherFees ?? [])]) {
      if (new Decimal(fee.cost).isZero()) continue;
      const price = brlPrice(fee.currency, t.legs, t.usdtBrl, t.marks);
      if (price) fees = fees.plus(new Decimal(fee.cost).mul(price));
    }
    const quote = MARKET.exec(leg.symbol)?.[2];
    const rate = quote ? fiatRate(quote, t.usdtBrl) : null;
    if (leg.kind === 'entry' && leg.side === 'buy' && rate)
      volume = volume.plus(new Decimal(leg.quoteAmount).mul(rate));
  }
  if (t.legs.length === 0) volume = quoteToBrl(new Decimal(t.amount).mul(t.buyPrice), t.pair, t.usdtBrl);
  return {
    profitBrl: usdtToBrl(t.profit, t.usdtBrl).toFixed(),
    feesBrl: fees.toFixed(),
    volumeBrl: volume.toFixed(),
  };
}

/** An exact R$ amount as the API sends it: a decimal string rounded to centavos ('12.35'), for formatBRL. */
export function brlForDisplay(value: Decimal.Value): string {
  const rounded = typeof value === 'string' ? roundBrlString(value) : null;
  if (rounded !== null) return rounded;
  return new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}
