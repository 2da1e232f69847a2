import type { PlanFeatures, PlanId } from '../domain/plans.js';
import type { BillingCycle, SubscriptionStatus } from '../domain/subscription.js';

/** GET /api/plans (public): one item per plan of DECISIONS §2. */
export interface PlanResponse {
  id: PlanId;
  name: string;
  /** Monthly price in reais, e.g. 49.9 (display with Intl pt-BR). */
  price: number;
  priceCents: number;
  yearlyPrice: number;
  yearlyPriceCents: number;
  /** round(100 × (1 − yearly / (12 × monthly))). */
  yearlyDiscountPercent: number;
  yearlySavings: number;
  yearlySavingsCents: number;
  interval: 'month';
  features: PlanFeatures;
  highlights: string[];
  popular: boolean;
}

/** GET /api/user/subscription: SPEC §3's Subscription plus what the screens need. */
export interface SubscriptionResponse {
  id: string;
  planId: PlanId;
  planName: string;
  /** Effective status: an ended trial or period without payment reads past_due. */
  status: SubscriptionStatus;
  /** 'Período de teste', 'Ativo', 'Vencido', 'Cancelado'. */
  statusLabel: string;
  billing: BillingCycle;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  /** Price of the plan for the billing cycle, in reais (e.g. 99.9), and in cents. */
  price: number;
  priceCents: number;
  features: PlanFeatures;
  /** Days until currentPeriodEnd, rounded up; 0 once ended. */
  daysLeft: number;
  /**
   * A downgrade scheduled for the end of the paid period (null: none): the plan and cycle the renewal at
   * currentPeriodEnd charges and starts.
   */
  scheduledChange?: { planId: PlanId; planName: string; billing: BillingCycle; startsAt: string } | null;
}
