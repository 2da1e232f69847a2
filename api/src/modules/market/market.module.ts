import { Module } from '@nestjs/common';
import { MarketController } from './market.controller.js';
import { MarketStateService } from './market-state.service.js';

@Module({ controllers: [MarketController], providers: [MarketStateService], exports: [MarketStateService] })
export class MarketModule {}
