import { isExchangeId } from '@arbitra/contracts';
import { splitSymbol } from './symbols.js';
import type { BookUpdate } from './types.js';

/** Why an update was rejected. Counted per reason; never thrown. */
export const REJECT_REASONS = [
  'malformed',
  'unknown_exchange',
  'invalid_price',
  'invalid_amount',
  'unsorted',
  'crossed',
  'out_of_order',
] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

/**
 * Checks the shape and the numbers of an update. Returns null when it is acceptable.
 * Accepts `unknown` so that anything a feed or a file hands over can be checked without trusting its type.
 * Checks (in this order): object shape, known exchange, BASE/QUOTE symbol, finite timestamps,
 * every price finite and > 0, every amount finite and > 0, bids strictly descending and asks strictly
 * ascending, best bid < best ask. (Out-of-order is checked by the BookStore, which knows the previous update.)
 * A one-sided or empty book is accepted: it simply yields no opportunity.
 */
export function validateBookUpdate(value: unknown): RejectReason | null {
  if (typeof value !== 'object' || value === null) return 'malformed';
  const u = value as Partial<Record<keyof BookUpdate, unknown>>;
  if (typeof u.exchange !== 'string' || typeof u.symbol !== 'string') return 'malformed';
  if (!Array.isArray(u.bids) || !Array.isArray(u.asks)) return 'malformed';
  if (typeof u.exchangeTs !== 'number' || typeof u.receivedTs !== 'number') return 'malformed';
  if (!Number.isFinite(u.exchangeTs) || !Number.isFinite(u.receivedTs)) return 'malformed';
  if (!isExchangeId(u.exchange)) return 'unknown_exchange';
  if (splitSymbol(u.symbol) === null) return 'malformed';
  const sideBids = checkSide(u.bids as unknown[], -1);
  if (sideBids !== null) return sideBids;
  const sideAsks = checkSide(u.asks as unknown[], 1);
  if (sideAsks !== null) return sideAsks;
  const bestBid = (u.bids as number[][])[0];
  const bestAsk = (u.asks as number[][])[0];
  if (bestBid && bestAsk && bestBid[0]! >= bestAsk[0]!) return 'crossed';
  return null;
}

/** direction -1: prices must strictly descend (bids); +1: strictly ascend (asks). */
function checkSide(levels: unknown[], direction: 1 | -1): RejectReason | null {
  let prev = direction === 1 ? 0 : Infinity;
  for (let i = 0; i < levels.length; i++) {
    const level = levels[i];
    if (!Array.isArray(level) || level.length < 2) return 'malformed';
    const price: unknown = level[0];
    const amount: unknown = level[1];
    if (typeof price !== 'number' || typeof amount !== 'number') return 'malformed';
    // NaN fails every comparison, so `!(x > 0)` catches NaN as well as zero and negatives.
    if (!(price > 0) || price === Infinity) return 'invalid_price';
    if (!(amount > 0) || amount === Infinity) return 'invalid_amount';
    if (direction === 1 ? price <= prev : price >= prev) return 'unsorted';
    prev = price;
  }
  return null;
}

/**
 * Turns a parsed JSON value (e.g. a replay line) into a BookUpdate, or the reason it is not one.
 * Only the fields of BookUpdate are kept.
 */
export function toBookUpdate(value: unknown): BookUpdate | RejectReason {
  const reason = validateBookUpdate(value);
  if (reason !== null) return reason;
  const u = value as BookUpdate;
  return {
    exchange: u.exchange,
    symbol: u.symbol,
    bids: u.bids,
    asks: u.asks,
    exchangeTs: u.exchangeTs,
    receivedTs: u.receivedTs,
  };
}
