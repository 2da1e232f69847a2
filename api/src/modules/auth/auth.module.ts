import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthGuard } from './auth.guard.js';
import { RolesGuard } from '../../common/guards/roles.guard.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { PasswordResetService } from './password-reset.service.js';
import { SessionsController } from './sessions.controller.js';
import { SessionsService } from './sessions.service.js';
import { TokensService } from './tokens.service.js';
import { TwoFactorController } from './two-factor.controller.js';
import { TwoFactorService } from './two-factor.service.js';
import { SettingsModule } from '../settings/settings.module.js';
import { DatabaseModule } from '../../database/database.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { MailModule } from '../mail/mail.module.js';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module.js';
import { NotificationSettingsModule } from '../notification-settings/notification-settings.module.js';
import { RealtimeModule } from '../../realtime/realtime.module.js';
import { TransportModule } from '../../transport/transport.module.js';
import { SocketAuthentication } from './socket-authentication.js';
import { ApiConfigModule } from '../../config/api-config.module.js';

/**
 * Register/login/logout, server-side sessions, password reset and 2FA. Registers the global
 * guards (in this order: session, then role), and passes the socket gateway its authenticator.
 */
@Module({
  imports: [
    ApiConfigModule,
    DatabaseModule,
    AuditModule,
    RateLimitModule,
    MailModule,
    SubscriptionsModule,
    NotificationSettingsModule,
    SettingsModule,
    NotificationsModule,
    TransportModule,
    RealtimeModule,
  ],
  controllers: [AuthController, SessionsController, TwoFactorController],
  providers: [
    TokensService,
    SessionsService,
    TwoFactorService,
    AuthService,
    PasswordResetService,
    SocketAuthentication,
    { provide: APP_GUARD, useClass: AuthGuard },
    { provide: APP_GUARD, useClass: RolesGuard },
  ],
  exports: [SessionsService, TwoFactorService, TokensService, PasswordResetService],
})
export class AuthModule {}
