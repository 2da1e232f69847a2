import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { ServeStaticModule } from '@nestjs/serve-static';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Logger } from 'pino';
import { dataSourceOptions } from '@arbitra/db';
import { AllExceptionsFilter } from './common/filters/all-exceptions.filter.js';
import { API_CONFIG, type ApiConfig } from './config/config.js';
import { EngineLinkModule } from './modules/engine-link/engine-link.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { RealtimeModule } from './realtime/realtime.module.js';

export const PINO_LOGGER = Symbol('PINO_LOGGER');

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
          exclude: ['/api{/*path}', '/socket.io{/*path}'],
        }),
        RealtimeModule,
        EngineLinkModule,
        HealthModule,
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
