import type { Decimal } from 'decimal.js';
import type { BookSlot } from '../market-data/book-store.js';
import { decimalsOf } from '../market-data/precision.js';
import type { ExactFill } from './book-walk.js';
import { fx, fxDiv, fxRoundTo, fxToFixed, fxToString } from './exact.js';
import { Dec } from '../market-data/money.js';
import type { OpportunityLeg } from './types.js';

/** Decimals of the reported figures. */
export const DP = { usdt: 8, brl: 4, percent: 4, rate: 4 } as const;

export function fixed(d: Decimal, dp: number): string {
  return d.toFixed(dp, Dec.ROUND_HALF_UP);
}

/**
 * A leg from an exact fill on a market (exact fixed point, see exact.ts): amount written with the step's
 * decimals, VWAP = notional ÷ amount rounded half-up to the tick, limit price = worst level touched.
 */
export function legFrom(
  slot: BookSlot,
  side: 'buy' | 'sell',
  fill: ExactFill,
  feeRate: number,
): OpportunityLeg {
  const tick = slot.spec.tickSize;
  const tickDp = decimalsOf(tick);
  const vwap = fill.amount > 0n ? fxRoundTo(fxDiv(fill.notional, fill.amount), fx(tick)) : 0n;
  return {
    exchange: slot.exchange,
    symbol: slot.symbol,
    side,
    amount: fxToFixed(fill.amount, decimalsOf(slot.spec.amountStep)),
    price: fxToFixed(vwap, tickDp),
    limitPrice: fxToFixed(fx(fill.worstPrice), tickDp),
    notional: fxToString(fill.notional),
    feeRate: fxToString(fx(feeRate)),
  };
}
