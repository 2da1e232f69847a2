import { Module } from '@nestjs/common';
import { DatabaseModule } from '../../database/database.module.js';
import { TransportModule } from '../../transport/transport.module.js';
import { MailModule } from '../mail/mail.module.js';
import { NotificationSettingsModule } from '../notification-settings/notification-settings.module.js';
import { DailySummaryScheduler } from './daily-summary.scheduler.js';
import { NotificationsController } from './notifications.controller.js';
import { NotificationsDispatcher } from './notifications.dispatcher.js';
import { NotificationsService } from './notifications.service.js';
import { TelegramService } from './telegram.service.js';
import { ApiConfigModule } from '../../config/api-config.module.js';

/**
 * Notifications (issue 16): `NotificationsService.notify()` is the one entry point for any module
 * (import NotificationsModule); the engine enqueues the same jobs on QUEUES.notifications.
 */
@Module({
  imports: [ApiConfigModule, DatabaseModule, TransportModule, MailModule, NotificationSettingsModule],
  controllers: [NotificationsController],
  providers: [
    NotificationsService,
    TelegramService,
    NotificationsDispatcher,
    DailySummaryScheduler,
  ],
  exports: [NotificationsService],
})
export class NotificationsModule {}
