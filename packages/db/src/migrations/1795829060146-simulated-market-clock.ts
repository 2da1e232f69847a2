import { sqlMigration } from './sql-migration.js';

/**
 * One simulated market for every engine (issue 31): the market's epoch (wall time of model time 0) and its newest
 * checkpoint, per market ('simulated:<seed>'). The first engine to start with no live market sets the epoch; the
 * others join it. `saved_at` is the last checkpoint's time: a market nobody saved for a while has no engine
 * left and the next one starts it afresh (SimulatedMarketClockRepository).
 */
export const SimulatedMarketClock1795829060146 = sqlMigration(
  'SimulatedMarketClock1795829060146',
  [
    `
      CREATE TABLE simulated_market_clock (
        market varchar(48) PRIMARY KEY,
        epoch_ms bigint NOT NULL,
        model_ms bigint NOT NULL DEFAULT 0,
        checkpoint jsonb,
        saved_at timestamptz NOT NULL DEFAULT now()
      )`,
  ],
  [`DROP TABLE simulated_market_clock`],
);
