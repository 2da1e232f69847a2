import { Module, type DynamicModule } from '@nestjs/common';
import { EngineCommandsProcessor } from './commands/engine-commands.processor.js';
import { ENGINE_CONFIG, type EngineConfig } from './config/config.js';
import { CredentialsModule } from './credentials/credentials.module.js';
import { ENGINE_IDENTITY, engineIdentityProvider } from './config/engine-identity.js';
import { TransportLifecycle } from './transport/fabric.providers.js';
import { TransportModule } from './transport/transport.module.js';
import { HeartbeatService } from './publishing/heartbeat.service.js';
import { MetricsService } from './publishing/metrics.service.js';
import { ScannerModule } from './scanner/scanner.module.js';
import { BotsModule } from './bots/bots.module.js';
import { OwnershipModule } from './ownership/ownership.module.js';
import { ExecutionModule } from './execution/execution.module.js';
import { BacktestsModule } from './backtest/backtests.module.js';
import { AdminLinkModule } from './admin-link/admin-link.module.js';
import { TransfersModule } from './transfers/transfers.module.js';

/** The engine: config, transports, heartbeat and metrics for every feature module it imports. */
@Module({})
export class EngineModule {
  static forRoot(config: EngineConfig): DynamicModule {
    return {
      module: EngineModule,
      global: true,
      imports: [TransportModule, OwnershipModule, ScannerModule, BotsModule, ExecutionModule, CredentialsModule, BacktestsModule, AdminLinkModule, TransfersModule],
      providers: [
        { provide: ENGINE_CONFIG, useValue: config },
        engineIdentityProvider,
        HeartbeatService,
        MetricsService,
        EngineCommandsProcessor,
        TransportLifecycle,
      ],
      exports: [ENGINE_CONFIG, ENGINE_IDENTITY, TransportModule, MetricsService],
    };
  }
}
