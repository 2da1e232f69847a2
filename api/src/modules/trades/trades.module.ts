import { Module } from '@nestjs/common';
import { TradesController } from './trades.controller.js';
import { TradesService } from './trades.service.js';
import { DatabaseModule } from '../../database/database.module.js';

/** The trade history: list with stats, CSV export (issue 5 §6). */
@Module({
  imports: [DatabaseModule],
  controllers: [TradesController],
  providers: [TradesService],
  exports: [TradesService],
})
export class TradesModule {}
