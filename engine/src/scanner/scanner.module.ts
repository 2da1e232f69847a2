import { Module } from '@nestjs/common';
import { DatabaseModule } from '../database/database.module.js';
import { OwnershipModule } from '../ownership/ownership.module.js';
import { ScannerMetrics } from './scanner.metrics.js';
import { ScannerPublisher } from './scanner.publisher.js';
import { ScannerService } from './scanner.service.js';
import { PublishingModule } from '../publishing/publishing.module.js';
import { TransportModule } from '../transport/transport.module.js';
import { EngineConfigModule } from '../config/engine-config.module.js';

/** Market data → detection → publishing, inside the engine. */
@Module({
  imports: [EngineConfigModule, TransportModule, PublishingModule, OwnershipModule, DatabaseModule],
  providers: [ScannerService, ScannerPublisher, ScannerMetrics],
  exports: [ScannerService],
})
export class ScannerModule {}
