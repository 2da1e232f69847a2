import { Module } from '@nestjs/common';
import { EntitlementsService } from './entitlements.service.js';
import { PlansController } from './plans.controller.js';
import { SubscriptionController } from './subscription.controller.js';
import { SubscriptionsService } from './subscriptions.service.js';
import { DatabaseModule } from '../../database/database.module.js';

/** Plans, subscription records and entitlements; other modules inject EntitlementsService. */
@Module({
  imports: [DatabaseModule],
  controllers: [PlansController, SubscriptionController],
  providers: [SubscriptionsService, EntitlementsService],
  exports: [SubscriptionsService, EntitlementsService],
})
export class SubscriptionsModule {}
