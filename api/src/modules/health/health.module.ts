import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health.controller.js';
import { PlatformHealthService } from './platform-health.service.js';
import { DatabaseModule } from '../../database/database.module.js';
import { EngineLinkModule } from '../engine-link/engine-link.module.js';

@Module({
  imports: [DatabaseModule, TerminusModule, EngineLinkModule],
  controllers: [HealthController],
  providers: [PlatformHealthService],
  exports: [PlatformHealthService],
})
export class HealthModule {}
