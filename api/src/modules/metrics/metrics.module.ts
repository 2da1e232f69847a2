import { Module } from '@nestjs/common';
import { MetricsController } from './metrics.controller.js';
import { MetricsService } from './metrics.service.js';
import { TransportModule } from '../../transport/transport.module.js';
import { ApiConfigModule } from '../../config/api-config.module.js';

@Module({
  imports: [ApiConfigModule, TransportModule],
  controllers: [MetricsController],
  providers: [MetricsService],
  exports: [MetricsService],
})
export class MetricsModule {}
