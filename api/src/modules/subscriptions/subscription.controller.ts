import { Controller, Get } from '@nestjs/common';
import type { Entitlements, SubscriptionResponse } from '@arbitra/contracts';
import { CurrentUser } from '../../common/decorators/current-user.decorator.js';
import type { AuthenticatedUser } from '../../common/http/request-context.js';
import { EntitlementsService } from './entitlements.service.js';
import { SubscriptionsService } from './subscriptions.service.js';

@Controller('user')
export class SubscriptionController {
  constructor(
    private readonly subscriptions: SubscriptionsService,
    private readonly entitlements: EntitlementsService,
  ) {}

  @Get('subscription')
  subscription(@CurrentUser() user: AuthenticatedUser): Promise<SubscriptionResponse> {
    return this.subscriptions.describeForUser(user.id);
  }

  /** What the screens may offer (the server enforces the same answer). */
  @Get('entitlements')
  mine(@CurrentUser() user: AuthenticatedUser): Promise<Entitlements> {
    return this.entitlements.forUser(user.id);
  }
}
