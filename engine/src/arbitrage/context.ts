import type { Clock } from '../market-data/clock.js';
import type { BookStore } from '../market-data/book-store.js';
import type { FeeTable } from './fees.js';
import type { UsdtBrlRate } from './reference-rate.js';

/** What every detector reads. */
export interface DetectorContext {
  store: BookStore;
  fees: FeeTable;
  rate: UsdtBrlRate;
  clock: Clock;
}
