import { Module } from '@nestjs/common';
import { DatabaseModule } from '../database/database.module.js';
import { TransferArrivalsService } from './transfer-arrivals.service.js';
import { TransferFeesRefresher } from './transfer-fees.refresher.js';

/** Transfers between exchanges (issue 29): the fee table's refresh through ccxt and the paper transfers' arrivals. */
@Module({
  imports: [DatabaseModule],
  providers: [TransferFeesRefresher, TransferArrivalsService],
  exports: [TransferFeesRefresher],
})
export class TransfersModule {}
