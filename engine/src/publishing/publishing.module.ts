import { Module } from '@nestjs/common';
import { EngineConfigModule } from '../config/engine-config.module.js';
import { OwnershipModule } from '../ownership/ownership.module.js';
import { TransportModule } from '../transport/transport.module.js';
import { HeartbeatService } from './heartbeat.service.js';
import { MetricsService } from './metrics.service.js';

/**
 * What the engine tells the api instances: the heartbeat and its Prometheus registry (`MetricsService`, exported:
 * the scanner and the admin link add their metrics to it).
 */
@Module({
  imports: [EngineConfigModule, TransportModule, OwnershipModule],
  providers: [HeartbeatService, MetricsService],
  exports: [MetricsService],
})
export class PublishingModule {}
