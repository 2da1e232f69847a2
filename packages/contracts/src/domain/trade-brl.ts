import { Decimal } from 'decimal.js';
import { roundDecimalString } from './decimal-display.js';
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
 * - Fees: each leg's fee by the asset it was charged in: BRL as is; USDT × usdtBrl; an asset one of the trade's
 *   legs traded against USDT or BRL (the base received, e.g. BTC on a Binance buy; BNB only when the trade
 *   traded BNB) × that leg's average price (× usdtBrl when it was USDT), through at most one cross pair
 *   (ETH/BTC priced by a BTC/USDT leg). A fee in an asset the trade's legs give no price for (BNB on a trade that
 *   did not trade BNB) is left out of the R$ fees: the ledger knows no price of that moment for it; the leg keeps
 *   the fee in its own asset.
 * - Volume: the value the entry legs bought with USDT or BRL (cross-exchange and statistical: the buy leg;
 *   triangular: the first leg when it spends the start asset); a trade recorded without legs falls back to
 *   amount × buyPrice.
 * Stored exact (Postgres numeric); shown rounded to centavos.
 */

/** What the rule needs of a leg (TradeLeg, a ledger LegRecord, a backtest leg or a trade_legs row). */
export type BrlLeg = Pick<
  TradeLeg,
  'kind' | 'symbol' | 'side' | 'avgPrice' | 'quoteAmount' | 'fee' | 'feeAsset'
>;

export interface BrlTradeInput {
  pair: string;
  usdtBrl: string;
  profit: string;
  amount: string;
  buyPrice: string;
  legs: readonly BrlLeg[];
}

/** Exact decimal strings in R$. */
export interface TradeBrlFigures {
  profitBrl: string;
  feesBrl: string;
  volumeBrl: string;
}

const MARKET = /^([A-Z0-9]+)\/([A-Z0-9]+)$/;

/** The currency a trade's figures are in: the quote of its pair, USDT for a triangular route. */
export function tradeQuote(pair: string): string {
  return MARKET.exec(pair)?.[2] ?? 'USDT';
}

/** R$ per unit of `quote` ('BRL' → 1, 'USDT' → the rate); null for any other asset. */
function fiatRate(quote: string, usdtBrl: Decimal.Value): Decimal | null {
  if (quote === 'BRL') return new Decimal(1);
  if (quote === 'USDT') return new Decimal(usdtBrl);
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

/** R$ per unit of `asset` at the trade's moment, from the rate and the trade's own legs (null: unknown). */
function brlPrice(asset: string, legs: readonly BrlLeg[], usdtBrl: Decimal.Value, depth = 0): Decimal | null {
  const fiat = fiatRate(asset, usdtBrl);
  if (fiat) return fiat;
  if (depth > 1) return null;
  for (const leg of legs) {
    const m = MARKET.exec(leg.symbol);
    if (!m || m[1] !== asset || new Decimal(leg.avgPrice).lte(0)) continue;
    const quote = brlPrice(m[2]!, legs, usdtBrl, depth + 1);
    if (quote) return new Decimal(leg.avgPrice).mul(quote);
  }
  return null;
}

/** The R$ figures of a trade (see the rules above). */
export function tradeBrlFigures(t: BrlTradeInput): TradeBrlFigures {
  let fees = new Decimal(0);
  let volume = new Decimal(0);
  for (const leg of t.legs) {
    if (!new Decimal(leg.fee).isZero()) {
      const price = brlPrice(leg.feeAsset, t.legs, t.usdtBrl);
      if (price) fees = fees.plus(new Decimal(leg.fee).mul(price));
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
  const rounded = typeof value === 'string' ? roundDecimalString(value, 2) : null;
  // decimal.js writes a zero without its sign ('-0.001' → '0.00')
  if (rounded !== null) return rounded === '-0.00' ? '0.00' : rounded;
  return new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}
