import { Injectable } from '@nestjs/common';
import { SubscriptionsRepository, UsersRepository } from '@arbitra/db';
import { normaliseRole, type Entitlements } from '@arbitra/contracts';
import { entitlementsFor } from './subscription-rules.js';
import type { OwnerId } from '@arbitra/db';

/**
 * The one server-side answer to "what may this user do" (plan limits, real-time data, strategies).
 * Every module that enforces a limit calls forUser() and answers 403 with a pt-BR message.
 */
@Injectable()
export class EntitlementsService {
  constructor(
    private readonly users: UsersRepository,
    private readonly subscriptions: SubscriptionsRepository,
  ) {}

  async forUser(userId: OwnerId, now: Date = new Date()): Promise<Entitlements> {
    const user = await this.users.roleOf(userId);
    const subscription = await this.subscriptions.forUser(userId);
    const plan = subscription ? await this.subscriptions.plan(subscription.planId) : null;
    return entitlementsFor(normaliseRole(user?.role), subscription, plan, now);
  }
}
