import { Global, Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health.controller.js';
import { PlatformHealthService } from './platform-health.service.js';

@Global()
@Module({
  imports: [TerminusModule],
  controllers: [HealthController],
  providers: [PlatformHealthService],
  exports: [PlatformHealthService],
})
export class HealthModule {}
