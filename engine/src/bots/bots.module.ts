import { Module } from '@nestjs/common';
import { ExecutionsProcessor } from '../execution/executions.processor.js';
import { ScannerModule } from '../scanner/scanner.module.js';
import { BotEvents } from './bot-events.js';
import { BotRunner } from './bot-runner.service.js';
import { engineDataSourceProviders } from './engine-data-source.js';

/** Bots in the engine: the runner (matching, sizing, enqueueing) and the executor (gateway, ledger, events). */
@Module({
  imports: [ScannerModule],
  providers: [...engineDataSourceProviders, BotEvents, BotRunner, ExecutionsProcessor],
  exports: [BotRunner, ExecutionsProcessor],
})
export class BotsModule {}
