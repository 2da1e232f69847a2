import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PlanEntity, SubscriptionEntity, UserEntity } from '@arbitra/db';
import { normaliseRole, type Entitlements } from '@arbitra/contracts';
import { entitlementsFor } from './subscription-rules.js';

/**
 * The one server-side answer to "what may this user do" (plan limits, real-time data, strategies).
 * Every module that enforces a limit calls forUser() and answers 403 with a pt-BR message.
 */
@Injectable()
export class EntitlementsService {
  constructor(private readonly ds: DataSource) {}

  async forUser(userId: string, now: Date = new Date()): Promise<Entitlements> {
    const user = await this.ds
      .getRepository(UserEntity)
      .findOne({ where: { id: userId }, select: { id: true, role: true } });
    const subscription = await this.ds.getRepository(SubscriptionEntity).findOneBy({ userId });
    const plan = subscription
      ? await this.ds.getRepository(PlanEntity).findOneBy({ id: subscription.planId })
      : null;
    return entitlementsFor(normaliseRole(user?.role), subscription, plan, now);
  }
}
