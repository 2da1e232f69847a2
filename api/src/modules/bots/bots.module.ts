import { Module } from '@nestjs/common';
import { TradesModule } from '../trades/trades.module.js';
import { BotCommandsService } from './bot-commands.service.js';
import { BotsController } from './bots.controller.js';
import { BotsService } from './bots.service.js';

/** Bots (issue 5): CRUD, toggle, detail; commands to the engine. Brings the trade history with it. */
@Module({
  imports: [TradesModule],
  controllers: [BotsController],
  providers: [BotsService, BotCommandsService],
  exports: [BotsService],
})
export class BotsModule {}
