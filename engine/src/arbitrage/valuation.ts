import type { ExchangeId } from '@arbitra/contracts';
import type { BookStore } from '../market-data/book-store.js';
import { EXCHANGE_IDS } from '@arbitra/contracts';

/**
 * Value of one unit of `currency` in USDT: 1 for USDT; else the mid of CURRENCY/USDT (same exchange
 * first, then any exchange with a fresh book), else 1 / mid of USDT/CURRENCY (e.g. BRL). null if unknown.
 */
export function usdtValue(
  store: BookStore,
  exchange: ExchangeId,
  currency: string,
  nowMs: number,
): number | null {
  if (currency === 'USDT') return 1;
  const direct = `${currency}/USDT`;
  const inverse = `USDT/${currency}`;
  for (const ex of [exchange, ...EXCHANGE_IDS.filter((e) => e !== exchange)]) {
    const slot = store.get(ex, direct);
    if (slot && store.isFresh(slot, nowMs) && slot.mid > 0) return slot.mid;
  }
  for (const ex of [exchange, ...EXCHANGE_IDS.filter((e) => e !== exchange)]) {
    const slot = store.get(ex, inverse);
    if (slot && store.isFresh(slot, nowMs) && slot.mid > 0) return 1 / slot.mid;
  }
  return null;
}
