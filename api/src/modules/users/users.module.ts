import { Global, Module } from '@nestjs/common';
import { AccountDataRegistry } from './account-data.registry.js';
import { AccountService } from './account.service.js';
import { NotificationSettingsService } from './notification-settings.service.js';
import { ProfileController } from './profile.controller.js';
import { SecurityController } from './security.controller.js';
import { SecurityService } from './security.service.js';
import { UsersService } from './users.service.js';

/** Profile, password, security summary, notifications, data export and account deletion. */
@Global()
@Module({
  controllers: [ProfileController, SecurityController],
  providers: [
    UsersService,
    AccountService,
    SecurityService,
    NotificationSettingsService,
    AccountDataRegistry,
  ],
  exports: [NotificationSettingsService, AccountDataRegistry],
})
export class UsersModule {}
