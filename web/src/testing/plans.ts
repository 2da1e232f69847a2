import { PLANS, yearlyDiscountPercent, type PlanResponse } from '@arbitra/contracts';

/** GET /api/plans as the api answers it for the price list of DECISIONS §2 (a fixture for the screens' tests). */
export const PLAN_RESPONSES: PlanResponse[] = PLANS.map((p) => ({
  id: p.id,
  name: p.name,
  price: p.monthlyCents / 100,
  priceCents: p.monthlyCents,
  yearlyPrice: p.yearlyCents / 100,
  yearlyPriceCents: p.yearlyCents,
  yearlyDiscountPercent: yearlyDiscountPercent(p),
  yearlySavings: (12 * p.monthlyCents - p.yearlyCents) / 100,
  yearlySavingsCents: 12 * p.monthlyCents - p.yearlyCents,
  interval: 'month',
  features: p.features,
  highlights: [...p.highlights],
  popular: p.popular,
}));
