import { Controller, Get } from '@nestjs/common';
import type { PlanResponse } from '@arbitra/contracts';
import { Public } from '../../common/decorators/public.decorator.js';
import { SubscriptionsService } from './subscriptions.service.js';

@Controller('plans')
export class PlansController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  /** The one price list (DECISIONS §2). Public. */
  @Public()
  @Get()
  list(): Promise<PlanResponse[]> {
    return this.subscriptions.plans();
  }
}
