import { Module } from '@nestjs/common';
import { DatabaseModule } from '../database/database.module.js';
import { ExecutionModule } from '../execution/execution.module.js';
import { OwnershipModule } from '../ownership/ownership.module.js';
import { ScannerModule } from '../scanner/scanner.module.js';
import { BotRunner } from './bot-runner.service.js';
import { TransportModule } from '../transport/transport.module.js';

/** Bots in the engine: the runner (running bots in memory, matching, sizing, enqueueing, bot commands). */
@Module({
  imports: [TransportModule, ScannerModule, DatabaseModule, ExecutionModule, OwnershipModule],
  providers: [BotRunner],
  exports: [BotRunner],
})
export class BotsModule {}
