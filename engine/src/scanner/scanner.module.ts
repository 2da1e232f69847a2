import { Module } from '@nestjs/common';
import { DatabaseModule } from '../database/database.module.js';
import { OwnershipModule } from '../ownership/ownership.module.js';
import { ScannerMetrics } from './scanner.metrics.js';
import { ScannerPublisher } from './scanner.publisher.js';
import { ScannerService } from './scanner.service.js';

/** Market data → detection → publishing, inside the engine. */
@Module({
  imports: [OwnershipModule, DatabaseModule],
  providers: [ScannerService, ScannerPublisher, ScannerMetrics],
  exports: [ScannerService],
})
export class ScannerModule {}
