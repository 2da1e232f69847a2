import { Module } from '@nestjs/common';
import { AccountDataRegistry } from './account-data.registry.js';
import { AccountService } from './account.service.js';
import { ProfileController } from './profile.controller.js';
import { SecurityController } from './security.controller.js';
import { SecurityService } from './security.service.js';
import { UsersService } from './users.service.js';
import { DatabaseModule } from '../../database/database.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { MailModule } from '../mail/mail.module.js';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module.js';
import { NotificationSettingsModule } from '../notification-settings/notification-settings.module.js';
import { ApiConfigModule } from '../../config/api-config.module.js';

/** Profile, password, security summary, notifications, data export and account deletion. */
@Module({
  imports: [
    ApiConfigModule,
    DatabaseModule,
    AuthModule,
    AuditModule,
    MailModule,
    RateLimitModule,
    SubscriptionsModule,
    NotificationSettingsModule,
  ],
  controllers: [ProfileController, SecurityController],
  providers: [UsersService, AccountService, SecurityService, AccountDataRegistry],
  exports: [UsersService, AccountDataRegistry],
})
export class UsersModule {}
