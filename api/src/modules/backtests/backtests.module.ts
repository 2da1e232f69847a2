import { Module } from '@nestjs/common';
import { DatabaseModule } from '../../database/database.module.js';
import { TransportModule } from '../../transport/transport.module.js';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module.js';
import { BotsModule } from '../bots/bots.module.js';
import { MetricsModule } from '../metrics/metrics.module.js';
import { BacktestsController } from './backtests.controller.js';
import { BacktestsService } from './backtests.service.js';
import { ApiConfigModule } from '../../config/api-config.module.js';

/** Backtests (issue 14): create, list, read, cancel, delete; the engine runs them from the 'backtests' queue. */
@Module({
  imports: [ApiConfigModule, DatabaseModule, TransportModule, SubscriptionsModule, BotsModule, MetricsModule],
  controllers: [BacktestsController],
  providers: [BacktestsService],
})
export class BacktestsModule {}
