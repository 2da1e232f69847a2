import { Module } from '@nestjs/common';
import { MarketController } from './market.controller.js';
import { MarketStateService } from './market-state.service.js';
import { OpportunityHistoryService } from './opportunity-history.service.js';
import { TransportModule } from '../../transport/transport.module.js';
import { HealthModule } from '../health/health.module.js';

@Module({
  imports: [TransportModule, HealthModule],
  controllers: [MarketController],
  providers: [MarketStateService, OpportunityHistoryService],
  exports: [MarketStateService],
})
export class MarketModule {}
