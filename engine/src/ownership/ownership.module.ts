import { Module } from '@nestjs/common';
import { OwnershipService } from './ownership.service.js';
import { EngineConfigModule } from '../config/engine-config.module.js';

/** Bot leases and the publisher election (one instance per engine, shared by the runner, the publisher, the heartbeat). */
@Module({
  imports: [EngineConfigModule],
  providers: [OwnershipService],
  exports: [OwnershipService],
})
export class OwnershipModule {}
