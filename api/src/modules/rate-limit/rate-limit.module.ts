import { Module } from '@nestjs/common';
import { RateLimitService } from './rate-limit.service.js';
import { DatabaseModule } from '../../database/database.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { ApiConfigModule } from '../../config/api-config.module.js';

@Module({
  imports: [ApiConfigModule, DatabaseModule, AuditModule],
  providers: [RateLimitService],
  exports: [RateLimitService],
})
export class RateLimitModule {}
