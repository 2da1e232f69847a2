import type { TaxLegInput, TaxTradeInput } from './compute.js';

/** A leg for the tax tests: `side amount symbol @ price` on `exchange`, fee in `feeAsset` (default the quote). */
export function leg(
  exchange: string,
  side: 'buy' | 'sell',
  amount: string,
  symbol: string,
  price: string,
  quoteAmount: string,
  fee = '0',
  feeAsset = symbol.split('/')[1]!,
): TaxLegInput {
  return { exchange, symbol, side, filledAmount: amount, avgPrice: price, quoteAmount, fee, feeAsset };
}

let seq = 0;
/** A live trade at a São Paulo date-time ('2026-03-10T12:00', read as -03:00). */
export function trade(spTime: string, usdtBrl: string, legs: TaxLegInput[]): TaxTradeInput {
  const executedAt = new Date(`${spTime}:00-03:00`);
  return { id: `t${++seq}`, executedAt, month: spTime.slice(0, 7), usdtBrl, legs };
}
