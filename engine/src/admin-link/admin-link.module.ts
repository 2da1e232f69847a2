import { Module } from '@nestjs/common';
import { ExecutionModule } from '../execution/execution.module.js';
import { BotsModule } from '../bots/bots.module.js';
import { DatabaseModule } from '../database/database.module.js';
import { ScannerModule } from '../scanner/scanner.module.js';
import { EngineLiveMetricsService } from './engine-live-metrics.service.js';
import { SettingsSyncService } from './settings-sync.service.js';
import { PublishingModule } from '../publishing/publishing.module.js';
import { TransportModule } from '../transport/transport.module.js';
import { EngineConfigModule } from '../config/engine-config.module.js';

/** What the admin console needs from an engine: its live metrics and the platform settings (fees). */
@Module({
  imports: [
    EngineConfigModule,
    TransportModule,
    PublishingModule,
    DatabaseModule,
    ScannerModule,
    BotsModule,
    ExecutionModule,
  ],
  providers: [EngineLiveMetricsService, SettingsSyncService],
  exports: [EngineLiveMetricsService, SettingsSyncService],
})
export class AdminLinkModule {}
