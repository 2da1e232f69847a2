import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { ServeStaticModule } from '@nestjs/serve-static';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Logger } from 'pino';
import { dataSourceOptions } from '@arbitra/db';
import { AllExceptionsFilter } from './common/filters/all-exceptions.filter.js';
import { PINO_LOGGER } from './common/logging/logger.js';
import { API_CONFIG, type ApiConfig } from './config/config.js';
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

export { PINO_LOGGER };

@Module({})
export class AppModule {
  static forRoot(config: ApiConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        TypeOrmModule.forRoot({ ...dataSourceOptions(config.DATABASE_URL), retryAttempts: 3, retryDelay: 1000 }),
        ServeStaticModule.forRoot({
          rootPath: config.WEB_DIST_DIR,
          exclude: ['/api/{*path}', '/socket.io{/*path}', '/metrics'],
        }),
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
        ExchangesModule,
      ],
      providers: [
        { provide: API_CONFIG, useValue: config },
        { provide: PINO_LOGGER, useValue: logger },
        { provide: APP_FILTER, useFactory: (l: Logger) => new AllExceptionsFilter(l), inject: [PINO_LOGGER] },
      ],
      exports: [API_CONFIG, PINO_LOGGER],
    };
  }
}
