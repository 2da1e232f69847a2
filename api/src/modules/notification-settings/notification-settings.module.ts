import { Module } from '@nestjs/common';
import { DatabaseModule } from '../../database/database.module.js';
import { NotificationSettingsService } from './notification-settings.service.js';

/**
 * The notification toggles of /security, read by auth (login alerts) and users (the page, the export): a module of
 * their own, so auth does not depend on users.
 */
@Module({
  imports: [DatabaseModule],
  providers: [NotificationSettingsService],
  exports: [NotificationSettingsService],
})
export class NotificationSettingsModule {}
