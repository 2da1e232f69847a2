import { Module } from '@nestjs/common';
import { EngineCommandsProcessor } from './commands/engine-commands.processor.js';
import { EngineConfigModule } from './config/engine-config.module.js';
import { CredentialsModule } from './credentials/credentials.module.js';
import { TransportModule } from './transport/transport.module.js';
import { PublishingModule } from './publishing/publishing.module.js';
import { ScannerModule } from './scanner/scanner.module.js';
import { BotsModule } from './bots/bots.module.js';
import { OwnershipModule } from './ownership/ownership.module.js';
import { ExecutionModule } from './execution/execution.module.js';
import { BacktestsModule } from './backtest/backtests.module.js';
import { AdminLinkModule } from './admin-link/admin-link.module.js';
import { TransfersModule } from './transfers/transfers.module.js';

/**
 * The engine: every feature module, and the engine-commands worker. Not global: each module imports what it injects
 * (config and identity from EngineConfigModule, transports from TransportModule, metrics from PublishingModule);
 * createEngine builds it inside `EngineConfigModule.boot(config)`.
 */
@Module({
  imports: [
    EngineConfigModule,
    TransportModule,
    PublishingModule,
    OwnershipModule,
    ScannerModule,
    BotsModule,
    ExecutionModule,
    CredentialsModule,
    BacktestsModule,
    AdminLinkModule,
    TransfersModule,
  ],
  providers: [EngineCommandsProcessor],
})
export class EngineModule {}
