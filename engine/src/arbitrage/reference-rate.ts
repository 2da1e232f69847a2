import type { ExchangeId } from '@arbitra/contracts';
import type { BookStore } from '../market-data/book-store.js';
import { REFERENCE_SYMBOL } from '../market-data/symbols.js';

export interface ReferenceRateOptions {
  /** Exchanges whose USDT/BRL mid is used, in order of preference. */
  sources?: readonly ExchangeId[];
  /** Used while no fresh USDT/BRL book exists. Default 5.45. */
  fallback?: number;
  clock: { now(): number };
}

export interface ReferenceRate {
  rate: number;
  /** Exchange the rate came from, or 'fallback'. */
  source: ExchangeId | 'fallback';
}

/** USDT/BRL reference for R$ figures: the mid of the first fresh USDT/BRL book, else a fixed fallback. */
export class UsdtBrlRate {
  private readonly sources: readonly ExchangeId[];
  private readonly fallback: number;

  constructor(
    private readonly store: BookStore,
    private readonly options: ReferenceRateOptions,
  ) {
    this.sources = options.sources ?? ['binance', 'mercadobitcoin'];
    this.fallback = options.fallback ?? 5.45;
  }

  current(): ReferenceRate {
    const now = this.options.clock.now();
    for (const ex of this.sources) {
      const slot = this.store.get(ex, REFERENCE_SYMBOL);
      if (slot && this.store.isFresh(slot, now)) {
        const mid = slot.mid;
        if (mid > 0) return { rate: mid, source: ex };
      }
    }
    return { rate: this.fallback, source: 'fallback' };
  }
}
