import { Module } from '@nestjs/common';
import { DatabaseModule } from '../database/database.module.js';
import { TransferArrivalsService } from './transfer-arrivals.service.js';
import { TransferFeesRefresher } from './transfer-fees.refresher.js';
import { TransportModule } from '../transport/transport.module.js';
import { EngineConfigModule } from '../config/engine-config.module.js';

/** Transfers between exchanges (issue 29): the fee table's refresh through ccxt and the paper transfers' arrivals. */
@Module({
  imports: [EngineConfigModule, TransportModule, DatabaseModule],
  providers: [TransferFeesRefresher, TransferArrivalsService],
  exports: [TransferFeesRefresher],
})
export class TransfersModule {}
