import { Module } from '@nestjs/common';
import { DatabaseModule } from '../database/database.module.js';
import { BacktestsProcessor } from './backtests.processor.js';

/**
 * Backtests in the engine: the 'backtests' queue worker (BacktestsRepository from the DatabaseModule). Each run
 * builds its own scanner, market and ledger: nothing is shared with the live bots.
 */
@Module({
  imports: [DatabaseModule],
  providers: [BacktestsProcessor],
})
export class BacktestsModule {}
