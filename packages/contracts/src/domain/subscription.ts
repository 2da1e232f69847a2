import { MESSAGES } from '../messages/index.js';
import type { PlanFeatures, PlanId } from './plans.js';

/** DECISIONS §3. */
export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export type BillingCycle = 'monthly' | 'yearly';

/** 'Período de teste', 'Ativo', 'Vencido', 'Cancelado'. */
export function subscriptionStatusLabel(status: SubscriptionStatus): string {
  return MESSAGES.subscription[status];
}

/** Days until `end`, rounded up (SPEC §9), never negative. */
export function daysLeft(end: Date, now: Date = new Date()): number {
  return Math.max(0, Math.ceil((end.getTime() - now.getTime()) / 86_400_000));
}

/** What a user may do, answered by the server's EntitlementsService for every module that enforces limits. */
export interface Entitlements {
  planId: PlanId | null;
  /** Effective status (an ended unpaid period counts as past_due), or 'none' when the user has no subscription. */
  status: SubscriptionStatus | 'none';
  /** trialing or active (or an admin). */
  active: boolean;
  features: PlanFeatures;
  canUseRealTime: boolean;
  canUseAdvancedStrategies: boolean;
  /** Bots may trade BRL pairs (DECISIONS §12: Profissional, Enterprise, the trial, admins). */
  canUseBrlPairs: boolean;
  canRunBots: boolean;
  /** -1 means unlimited. */
  maxBots: number;
  /** -1 means unlimited. */
  maxExchanges: number;
}
