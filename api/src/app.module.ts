import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import type { Logger } from 'pino';
import { AllExceptionsFilter } from './common/filters/all-exceptions.filter.js';
import { PINO_LOGGER } from './common/logging/logger.js';
import { ApiConfigModule } from './config/api-config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { AdminModule } from './modules/admin/admin.module.js';
import { AuditModule } from './modules/audit/audit.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { EngineLinkModule } from './modules/engine-link/engine-link.module.js';
import { ExchangesModule } from './modules/exchanges/exchanges.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { MailModule } from './modules/mail/mail.module.js';
import { RateLimitModule } from './modules/rate-limit/rate-limit.module.js';
import { SubscriptionsModule } from './modules/subscriptions/subscriptions.module.js';
import { UsersModule } from './modules/users/users.module.js';
import { MarketModule } from './modules/market/market.module.js';
import { MetricsModule } from './modules/metrics/metrics.module.js';
import { RealtimeModule } from './realtime/realtime.module.js';
import { BotsModule } from './modules/bots/bots.module.js';
import { BillingModule } from './modules/billing/billing.module.js';
import { BacktestsModule } from './modules/backtests/backtests.module.js';
import { LiveMetricsModule } from './modules/live-metrics/live-metrics.module.js';
import { SettingsModule } from './modules/settings/settings.module.js';
import { ContactModule } from './modules/contact/contact.module.js';
import { ContentModule } from './modules/content/content.module.js';
import { DocsModule } from './modules/docs/docs.module.js';
import { NotificationsModule } from './modules/notifications/notifications.module.js';
import { TaxModule } from './modules/tax/tax.module.js';

/**
 * The api: every feature module, and the one exception filter. Not global: each module imports what it injects (the
 * config and the logger from ApiConfigModule); createApiApp builds it inside `ApiConfigModule.boot(config, logger)`.
 */
@Module({
  imports: [
    ApiConfigModule,
    DatabaseModule,
    RealtimeModule,
    EngineLinkModule,
    HealthModule,
    AuditModule,
    RateLimitModule,
    MailModule,
    SubscriptionsModule,
    AuthModule,
    UsersModule,
    AdminModule,
    MetricsModule,
    MarketModule,
    BotsModule,
    BacktestsModule,
    ExchangesModule,
    LiveMetricsModule,
    SettingsModule,
    BillingModule,
    NotificationsModule,
    DocsModule,
    ContactModule,
    ContentModule,
    TaxModule,
  ],
  providers: [
    { provide: APP_FILTER, useFactory: (l: Logger) => new AllExceptionsFilter(l), inject: [PINO_LOGGER] },
  ],
})
export class AppModule {}
