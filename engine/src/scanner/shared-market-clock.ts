import type { Logger } from '@nestjs/common';
import type { SimulatedMarketClockRepository } from '@arbitra/db';
import {
  CHECKPOINT_EVERY_MS,
  type SharedMarketClock,
  type SimulatedMarketState,
} from '../market-data/simulated.feed.js';

/** No checkpoint saved for this long: no engine runs the market any more, the next one starts it afresh. */
export const MARKET_STALE_AFTER_MS = 3 * CHECKPOINT_EVERY_MS;

/**
 * The simulated market's clock in the database (docs/ARCHITECTURE.md, 'Um mercado para todos os engines'): every
 * engine of the platform joins the market of MARKET_SEED at its epoch and saves checkpoints. Unreachable at boot,
 * the engine runs a market of its own (said in its log); a failed save is only logged (the next one follows).
 */
export function databaseMarketClock(
  repository: SimulatedMarketClockRepository,
  seed: number,
  logger: Logger,
): SharedMarketClock {
  const market = `simulated:${seed}`;
  return {
    async join() {
      try {
        const { epochMs, checkpoint } = await repository.join(market, Date.now(), MARKET_STALE_AFTER_MS);
        const state = checkpoint as SimulatedMarketState | null;
        logger.log(
          `simulated market ${market}: epoch ${new Date(epochMs).toISOString()}` +
            (state ? `, from the checkpoint at model time ${state.modelMs / 1000} s` : ''),
        );
        return { epochMs, checkpoint: state };
      } catch (e) {
        logger.warn(`simulated market clock unavailable, running a market of this engine only: ${String(e)}`);
        return { epochMs: Date.now(), checkpoint: null };
      }
    },
    save(epochMs, state) {
      repository
        .save(market, epochMs, state.modelMs, state)
        .catch((e: unknown) => logger.warn(`simulated market checkpoint not saved: ${String(e)}`));
    },
  };
}
