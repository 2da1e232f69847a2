import type { BookSlot } from '../market-data/book-store.js';
import type { PriceLevel } from '../market-data/types.js';
import { fx, fxDiv, fxFloorTo, fxMin, fxMul, FX_ONE, type Fx } from './exact.js';

/**
 * Book walks. The float ones run on every update (no allocation: results go to caller-owned scratch
 * objects); the decimal ones run only when an opportunity is materialised, for the figures we report.
 */

/** Scratch result of walkCross. */
export class CrossWalk {
  /** Base amount bought on the ask side and sold on the bid side. */
  amount = 0;
  /** Σ ask price × amount (quote, before fees). */
  cost = 0;
  /** Σ bid price × amount (quote, before fees). */
  proceeds = 0;
}

/**
 * Buys up the `asks` of one book and sells into the `bids` of another, level by level, while the marginal
 * unit is still profitable after both taker fees: bid × (1 − sellFee) ≥ ask × (1 + buyFee).
 * Writes the largest such amount and its cost and proceeds (before fees) to `out`.
 */
export function walkCross(
  asks: readonly PriceLevel[],
  bids: readonly PriceLevel[],
  buyFee: number,
  sellFee: number,
  out: CrossWalk,
): void {
  let amount = 0;
  let cost = 0;
  let proceeds = 0;
  let i = 0;
  let j = 0;
  let ask = asks[0];
  let bid = bids[0];
  let qa = ask ? ask[1] : 0;
  let qb = bid ? bid[1] : 0;
  const buyK = 1 + buyFee;
  const sellK = 1 - sellFee;
  while (ask !== undefined && bid !== undefined) {
    const pa = ask[0];
    const pb = bid[0];
    if (pb * sellK < pa * buyK) break;
    const q = qa < qb ? qa : qb;
    amount += q;
    cost += q * pa;
    proceeds += q * pb;
    if (q === qa) {
      ask = asks[++i];
      qa = ask ? ask[1] : 0;
    } else qa -= q;
    if (q === qb) {
      bid = bids[++j];
      qb = bid ? bid[1] : 0;
    } else qb -= q;
  }
  out.amount = amount;
  out.cost = cost;
  out.proceeds = proceeds;
}

/** Σ price × quantity of the first `amount` units of a side (float); NaN when the side is too shallow. */
export function fillValue(levels: readonly PriceLevel[], amount: number): number {
  let left = amount;
  let value = 0;
  for (let i = 0; i < levels.length; i++) {
    const l = levels[i]!;
    if (l[1] >= left) return value + left * l[0];
    value += l[1] * l[0];
    left -= l[1];
  }
  return left <= amount * 1e-12 ? value : NaN;
}

/** One leg of a conversion cycle: buy the base with the quote (walk asks) or sell the base (walk bids). */
export interface CycleLeg {
  readonly slot: BookSlot;
  readonly buy: boolean;
}

/** Scratch result of walkCycle. */
export class CycleWalk {
  /** Amount of the starting currency put in. */
  input = 0;
  /** Amount of the starting currency coming out after the last leg (fees deducted). */
  output = 0;
}

const MAX_LEGS = 8;
const idx = new Int32Array(MAX_LEGS);
const rem = new Float64Array(MAX_LEGS);
const rate = new Float64Array(MAX_LEGS);

function setLevel(leg: CycleLeg, k: number, fee: number): boolean {
  const side = leg.buy ? leg.slot.asks : leg.slot.bids;
  const level = side[idx[k]!];
  if (level === undefined) return false;
  if (leg.buy) {
    rem[k] = level[0] * level[1]; // capacity in quote (this leg's input)
    rate[k] = (1 - fee) / level[0]; // base out per quote in, after the fee (taken from what is received)
  } else {
    rem[k] = level[1]; // capacity in base
    rate[k] = level[0] * (1 - fee);
  }
  return true;
}

/** Product of the top-of-book conversion rates after fees: > 1 means the first unit is profitable. */
export function topOfBookRate(legs: readonly CycleLeg[], fees: ArrayLike<number>): number {
  let m = 1;
  for (let k = 0; k < legs.length; k++) {
    const leg = legs[k]!;
    const level = (leg.buy ? leg.slot.asks : leg.slot.bids)[0];
    if (level === undefined) return 0;
    m *= leg.buy ? (1 - fees[k]!) / level[0] : level[0] * (1 - fees[k]!);
  }
  return m;
}

/**
 * Depth-aware walk of a conversion cycle (e.g. USDT → BTC → ETH → USDT): pushes more of the starting
 * currency through while the marginal rate of the whole cycle (product of each leg's current level rate,
 * fees deducted) stays ≥ 1, advancing to the next level of whichever leg runs out first.
 */
export function walkCycle(legs: readonly CycleLeg[], fees: ArrayLike<number>, out: CycleWalk): void {
  const n = legs.length;
  out.input = 0;
  out.output = 0;
  for (let k = 0; k < n; k++) {
    idx[k] = 0;
    if (!setLevel(legs[k]!, k, fees[k]!)) return;
  }
  let input = 0;
  let output = 0;
  for (let guard = 0; guard < 10_000; guard++) {
    let m = 1;
    for (let k = 0; k < n; k++) m *= rate[k]!;
    if (m < 1) break;
    // the most start currency we can add before some leg's current level is used up
    let cap = rem[0]!;
    let mult = rate[0]!;
    for (let k = 1; k < n; k++) {
      const c = rem[k]! / mult;
      if (c < cap) cap = c;
      mult *= rate[k]!;
    }
    input += cap;
    output += cap * m;
    let exhausted = false;
    mult = 1;
    for (let k = 0; k < n; k++) {
      const used = cap * mult;
      mult *= rate[k]!;
      const r = rem[k]!;
      if (r - used <= r * 1e-12) {
        idx[k] = idx[k]! + 1;
        if (!setLevel(legs[k]!, k, fees[k]!)) exhausted = true;
      } else rem[k] = r - used;
    }
    if (exhausted) break;
  }
  out.input = input;
  out.output = output;
}

/** Exact fill of `amount` against a side, capped at the side's depth (fixed-point, see exact.ts). */
export interface ExactFill {
  amount: Fx;
  /** Σ price × quantity. */
  notional: Fx;
  /** Price of the last level touched (0 when nothing filled). */
  worstPrice: number;
}

export function fillExact(levels: readonly PriceLevel[], amount: Fx): ExactFill {
  let left = amount;
  let notional = 0n;
  let worst = 0;
  for (let i = 0; i < levels.length && left > 0n; i++) {
    const [p, a] = levels[i]!;
    const q = fxMin(fx(a), left);
    notional += q * fx(p);
    left -= q;
    worst = p;
  }
  return { amount: amount - left, notional: notional / FX_ONE, worstPrice: worst };
}

/** Largest base amount (a multiple of `step`) whose cost on `asks` is ≤ `budget` quote. */
export function affordableExact(asks: readonly PriceLevel[], budget: Fx, step: Fx): Fx {
  let left = budget;
  let amount = 0n;
  for (let i = 0; i < asks.length && left > 0n; i++) {
    const [p, a] = asks[i]!;
    const price = fx(p);
    const qty = fx(a);
    const levelCost = fxMul(price, qty);
    if (levelCost <= left) {
      amount += qty;
      left -= levelCost;
    } else {
      amount += fxDiv(left, price);
      left = 0n;
    }
  }
  return fxFloorTo(amount, step);
}
