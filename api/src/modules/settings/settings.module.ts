import { Module } from '@nestjs/common';
import { DatabaseModule } from '../../database/database.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { TransportModule } from '../../transport/transport.module.js';
import { SettingsController } from './settings.controller.js';
import { SettingsService } from './settings.service.js';

/** Platform settings: taker fees, maintenance banner, registrations (admin edits them; GET /api/settings/public). */
@Module({
  imports: [DatabaseModule, AuditModule, TransportModule],
  controllers: [SettingsController],
  providers: [SettingsService],
  exports: [SettingsService],
})
export class SettingsModule {}
