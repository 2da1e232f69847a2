import type { BookSlot } from '../market-data/book-store.js';
import { decimalsOf } from '../market-data/precision.js';
import type { DetectorContext } from './context.js';
import { DP, fixed, legFrom } from './format.js';
import type { ExactFill } from './book-walk.js';
import { fxToFixed } from './exact.js';
import type { Dec } from '../market-data/money.js';
import type { Candidate, DetectedOpportunity } from './types.js';

/**
 * What the two-market detectors (cross-exchange, statistical) share: a candidate that buys one market's asks and
 * sells into another's bids, the index of a symbol's markets across exchanges, and the head of the opportunity.
 */
export abstract class PairCandidate<
  S extends 'arbitrage' | 'statistical' = 'arbitrage' | 'statistical',
> implements Candidate {
  readonly id: string;
  readonly inputs: readonly BookSlot[];
  fpA = 0;
  fpB = 0;
  active = false;

  constructor(
    readonly strategy: S,
    readonly buy: BookSlot,
    readonly sell: BookSlot,
  ) {
    this.id = `${strategy}:${buy.symbol}:${buy.exchange}>${sell.exchange}`;
    this.inputs = [buy, sell];
  }

  abstract build(): DetectedOpportunity | null;
}

/**
 * The markets of each symbol across exchanges, and what an update of one market re-evaluates: in the order of `key`
 * (the candidate's id), not in the order the markets' first books came. Two scanners over the same books (the engine
 * that has run for a while, a backtest starting on a recording) then find a moment's opportunities in the same order,
 * and a bot takes them in that order.
 */
export class PeerIndex<T> {
  private readonly bySymbol = new Map<string, BookSlot[]>();
  private readonly bySlot: T[][] = [];

  constructor(private readonly key: (t: T) => string) {}

  /** A new market of a symbol (once): `pair` makes what it shares with each earlier market, indexed under both. */
  add(slot: BookSlot, pair: (slot: BookSlot, other: BookSlot) => readonly T[]): void {
    let peers = this.bySymbol.get(slot.symbol);
    if (!peers) this.bySymbol.set(slot.symbol, (peers = []));
    if (peers.includes(slot)) return;
    for (const other of peers) {
      for (const t of pair(slot, other)) {
        (this.bySlot[slot.id] ??= []).push(t);
        (this.bySlot[other.id] ??= []).push(t);
      }
      this.bySlot[other.id]?.sort(this.byKey);
    }
    this.bySlot[slot.id]?.sort(this.byKey);
    peers.push(slot);
  }

  private readonly byKey = (a: T, b: T): number => {
    const ka = this.key(a);
    const kb = this.key(b);
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  };

  of(slot: BookSlot): T[] | undefined {
    return this.bySlot[slot.id];
  }

  all(): T[] {
    return [...new Set(this.bySlot.flat())];
  }
}

/** The amount step both markets accept (the coarser one). */
export const pairStep = (buy: BookSlot, sell: BookSlot): number =>
  Math.max(buy.spec.amountStep, sell.spec.amountStep);

/** A book too old to trade on. */
export const isStale = (slot: BookSlot, nowMs: number): boolean =>
  nowMs - slot.receivedTs > slot.staleAfterMs;

/** The taker fees of the two markets. */
export const pairFees = (ctx: DetectorContext, c: PairCandidate) =>
  ({ bf: ctx.fees.takerAt(c.buy.exchangeIndex), sf: ctx.fees.takerAt(c.sell.exchangeIndex) }) as const;

/** The fields every two-market opportunity has: who, which legs, the net % and the size. */
export function pairOpportunity(
  c: PairCandidate,
  fills: { bought: ExactFill; sold: ExactFill; bf: number; sf: number },
  netPercent: Dec,
  amount: bigint,
) {
  const { buy, sell } = c;
  return {
    id: c.id,
    exchanges: [buy.exchange, sell.exchange],
    symbols: [buy.symbol],
    direction: `${buy.exchange}>${sell.exchange}`,
    legs: [legFrom(buy, 'buy', fills.bought, fills.bf), legFrom(sell, 'sell', fills.sold, fills.sf)],
    netPct: netPercent.toNumber(),
    netPercent: fixed(netPercent, DP.percent),
    size: fxToFixed(amount, decimalsOf(pairStep(buy, sell))),
    sizeAsset: buy.base,
  } satisfies Partial<DetectedOpportunity>;
}
