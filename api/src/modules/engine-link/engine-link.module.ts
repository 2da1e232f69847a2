import { Module } from '@nestjs/common';
import { EngineCommandsService } from './engine-commands.service.js';
import { EngineStatusService } from './engine-status.service.js';
import { TransportModule } from '../../transport/transport.module.js';

/** The api's link to the engine: commands through the queue, status from heartbeats. */
@Module({
  imports: [TransportModule],
  providers: [EngineCommandsService, EngineStatusService],
  exports: [EngineCommandsService, EngineStatusService],
})
export class EngineLinkModule {}
