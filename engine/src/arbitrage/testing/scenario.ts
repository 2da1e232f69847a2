/**
 * Test helpers (used by the *.spec.ts files): a hand-made market on a VirtualScheduler, with the real
 * store, fee table, registry and detectors.
 */
import type { ExchangeId } from '@arbitra/contracts';
import { BookStore, type BookSlot } from '../../market-data/book-store.js';
import { VirtualScheduler } from '../../market-data/clock.js';
import { splitSymbol } from '../../market-data/symbols.js';
import type { BookUpdate, MarketSpec, PriceLevel } from '../../market-data/types.js';
import type { DetectorContext } from '../context.js';
import { FeeTable, type FeeOverrides } from '../fees.js';
import { OpportunityRegistry } from '../opportunity-registry.js';
import { UsdtBrlRate } from '../reference-rate.js';
import type { Detector, Opportunity } from '../types.js';

export interface Scenario {
  clock: VirtualScheduler;
  store: BookStore;
  fees: FeeTable;
  registry: OpportunityRegistry;
  ctx: DetectorContext;
  /** Registry events in order. */
  events: { kind: 'added' | 'updated' | 'removed'; opportunity: Opportunity }[];
  /** Applies a book to the store and runs the given detectors for it. */
  book(
    exchange: ExchangeId,
    symbol: string,
    bids: PriceLevel[],
    asks: PriceLevel[],
    detectors?: readonly Detector[],
    /** The exchange's timestamp of this book (default: the scenario clock's now). */
    exchangeTs?: number,
  ): BookSlot;
}

export function spec(
  exchange: ExchangeId,
  symbol: string,
  tickSize: number,
  amountStep: number,
  extra: Partial<MarketSpec> = {},
): MarketSpec {
  const parts = splitSymbol(symbol)!;
  return {
    exchange,
    symbol,
    base: parts.base,
    quote: parts.quote,
    tickSize,
    amountStep,
    minAmount: 0,
    minNotional: 0,
    ...extra,
  };
}

/**
 * One triangle on Binance, as the triangular specs use it: BTC/USDT (tick 0.01, step 0.00001),
 * ETH/BTC (tick 0.00001, step 0.0001) and ETH/USDT (tick 0.01, step 0.0001).
 */
export function binanceTriangleSpecs(): MarketSpec[] {
  return [
    spec('binance', 'BTC/USDT', 0.01, 0.00001),
    spec('binance', 'ETH/BTC', 0.00001, 0.0001),
    spec('binance', 'ETH/USDT', 0.01, 0.0001),
  ];
}

export function scenario(
  options: { fees?: FeeOverrides; specs?: MarketSpec[]; usdtBrlFallback?: number } = {},
): Scenario {
  const clock = new VirtualScheduler();
  const store = new BookStore({ specs: options.specs });
  const fees = new FeeTable(options.fees);
  const registry = new OpportunityRegistry(clock);
  const rate = new UsdtBrlRate(store, { clock, fallback: options.usdtBrlFallback ?? 5.45 });
  const ctx: DetectorContext = { store, fees, rate, clock };
  const events: Scenario['events'] = [];
  registry.on({
    added: (o) => events.push({ kind: 'added', opportunity: o }),
    updated: (o) => events.push({ kind: 'updated', opportunity: o }),
    removed: (o) => events.push({ kind: 'removed', opportunity: o }),
  });
  const detectorsOf = new Set<Detector>();
  store.onNewSlot((slot) => {
    for (const d of detectorsOf) d.addMarket(slot);
  });
  return {
    clock,
    store,
    fees,
    registry,
    ctx,
    events,
    book(exchange, symbol, bids, asks, detectors = [], exchangeTs?: number) {
      for (const d of detectors) {
        if (!detectorsOf.has(d)) {
          detectorsOf.add(d);
          for (const s of store.slots()) d.addMarket(s);
        }
      }
      const now = clock.now();
      const update: BookUpdate = { exchange, symbol, bids, asks, exchangeTs: exchangeTs ?? now, receivedTs: now };
      const slot = store.apply(update);
      if (typeof slot === 'string') throw new Error(`book rejected: ${slot}`);
      for (const d of detectors) d.evaluate(slot, now, registry);
      return slot;
    },
  };
}
