import { Module } from '@nestjs/common';
import { BotCommandsService } from './bot-commands.service.js';
import { BotInventoryService } from './bot-inventory.service.js';
import { BotsController } from './bots.controller.js';
import { BotsService } from './bots.service.js';
import { DatabaseModule } from '../../database/database.module.js';
import { TransportModule } from '../../transport/transport.module.js';
import { TradesModule } from '../trades/trades.module.js';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module.js';
import { ExchangesModule } from '../exchanges/exchanges.module.js';
import { UsersModule } from '../users/users.module.js';
import { EngineLinkModule } from '../engine-link/engine-link.module.js';
import { MarketModule } from '../market/market.module.js';
import { RebalanceService } from './rebalance.service.js';
import { ApiConfigModule } from '../../config/api-config.module.js';

/** Bots (issue 5): CRUD, toggle, detail, rebalancing (issue 29); commands to the engine. Brings the trade history with it. */
@Module({
  imports: [
    ApiConfigModule,
    DatabaseModule,
    TransportModule,
    TradesModule,
    SubscriptionsModule,
    ExchangesModule,
    UsersModule,
    EngineLinkModule,
    MarketModule,
  ],
  controllers: [BotsController],
  providers: [BotsService, BotCommandsService, BotInventoryService, RebalanceService],
  exports: [BotsService],
})
export class BotsModule {}
