import { Module } from '@nestjs/common';
import { DatabaseModule } from '../database/database.module.js';
import { ExecutionModule } from '../execution/execution.module.js';
import { BacktestsProcessor } from './backtests.processor.js';
import { TransportModule } from '../transport/transport.module.js';
import { EngineConfigModule } from '../config/engine-config.module.js';

/**
 * Backtests in the engine: the 'backtests' queue worker (BacktestsRepository from the DatabaseModule). Each run
 * builds its own scanner, market and ledger: nothing is shared with the live bots.
 */
@Module({
  imports: [EngineConfigModule, TransportModule, DatabaseModule, ExecutionModule],
  providers: [BacktestsProcessor],
})
export class BacktestsModule {}
