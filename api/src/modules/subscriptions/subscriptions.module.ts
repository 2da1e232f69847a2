import { Global, Module } from '@nestjs/common';
import { EntitlementsService } from './entitlements.service.js';
import { PlansController } from './plans.controller.js';
import { SubscriptionController } from './subscription.controller.js';
import { SubscriptionsService } from './subscriptions.service.js';

/** Plans, subscription records and entitlements; other modules inject EntitlementsService. */
@Global()
@Module({
  controllers: [PlansController, SubscriptionController],
  providers: [SubscriptionsService, EntitlementsService],
  exports: [SubscriptionsService, EntitlementsService],
})
export class SubscriptionsModule {}
