import { Module } from '@nestjs/common';
import { DatabaseModule } from '../../database/database.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { EngineLinkModule } from '../engine-link/engine-link.module.js';
import { BotsModule } from '../bots/bots.module.js';
import { LiveMetricsModule } from '../live-metrics/live-metrics.module.js';
import { MarketModule } from '../market/market.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module.js';
import { AdminController } from './admin.controller.js';
import { AdminReportsService } from './admin-reports.service.js';
import { AdminSystemService } from './admin-system.service.js';
import { AdminUsersService } from './admin-users.service.js';

/** The admin console's API (/api/admin/*). */
@Module({
  imports: [
    DatabaseModule,
    AuthModule,
    AuditModule,
    EngineLinkModule,
    BotsModule,
    LiveMetricsModule,
    MarketModule,
    SettingsModule,
    SubscriptionsModule,
  ],
  controllers: [AdminController],
  providers: [AdminUsersService, AdminReportsService, AdminSystemService],
})
export class AdminModule {}
