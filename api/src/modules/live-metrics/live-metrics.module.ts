import { TransportModule } from '../../transport/transport.module.js';
import { Module, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { DatabaseStatsReader } from '@arbitra/db';
import { DatabaseModule } from '../../database/database.module.js';
import { MetricsModule } from '../metrics/metrics.module.js';
import { ApiLiveMetricsService, DB_STATS, type DbStatsReader } from './api-live-metrics.service.js';
import { HttpMetrics, HttpMetricsMiddleware } from './http-metrics.js';

/** The api's live system metrics (admin console): HTTP timing on every request and the once-a-second sample. */
@Module({
  imports: [DatabaseModule, TransportModule, MetricsModule],
  providers: [
    HttpMetrics,
    HttpMetricsMiddleware,
    ApiLiveMetricsService,
    {
      provide: DB_STATS,
      useFactory:
        (db: DatabaseStatsReader): DbStatsReader =>
        () =>
          db.read(),
      inject: [DatabaseStatsReader],
    },
  ],
  exports: [ApiLiveMetricsService],
})
export class LiveMetricsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(HttpMetricsMiddleware).forRoutes('{*path}');
  }
}
