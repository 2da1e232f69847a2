/** The one price list (DECISIONS §2). Prices are integer cents of BRL; -1 means unlimited. */
export type PlanId = 'basic' | 'professional' | 'enterprise';

export interface PlanFeatures {
  maxBots: number;
  maxExchanges: number;
  realTimeData: boolean;
  advancedStrategies: boolean;
  prioritySupport: boolean;
}

export interface PlanDefinition {
  id: PlanId;
  name: string;
  monthlyCents: number;
  yearlyCents: number;
  popular: boolean;
  features: PlanFeatures;
  highlights: readonly string[];
}

export const UNLIMITED = -1;

export const PLANS: readonly PlanDefinition[] = [
  {
    id: 'basic',
    name: 'Básico',
    monthlyCents: 4990,
    yearlyCents: 49900,
    popular: false,
    features: {
      maxBots: 3,
      maxExchanges: 2,
      realTimeData: false,
      advancedStrategies: false,
      prioritySupport: false,
    },
    highlights: [
      '3 bots',
      '2 exchanges',
      'Scanner básico (a cada 3 s, 10 melhores)',
      'Estratégia simples',
      'Suporte por email',
    ],
  },
  {
    id: 'professional',
    name: 'Profissional',
    monthlyCents: 9990,
    yearlyCents: 99900,
    popular: true,
    features: {
      maxBots: 10,
      maxExchanges: 5,
      realTimeData: true,
      advancedStrategies: true,
      prioritySupport: false,
    },
    highlights: [
      '10 bots',
      '5 exchanges',
      'Dados em tempo real',
      'Estratégias avançadas (triangular, estatística)',
      'Suporte por email',
    ],
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    monthlyCents: 19990,
    yearlyCents: 199900,
    popular: false,
    features: {
      maxBots: UNLIMITED,
      maxExchanges: UNLIMITED,
      realTimeData: true,
      advancedStrategies: true,
      prioritySupport: true,
    },
    highlights: ['Bots ilimitados', 'Todas as exchanges', 'Tudo do Profissional', 'Suporte prioritário 24/7'],
  },
];

/** DECISIONS §12: BRL pairs for bots are a feature of Profissional and Enterprise (the trial is Profissional). */
export const BRL_PAIRS_BY_PLAN: Readonly<Record<PlanId, boolean>> = {
  basic: false,
  professional: true,
  enterprise: true,
};

export const TRIAL_PLAN_ID: PlanId = 'professional';
export const TRIAL_DAYS = 7;

export function planById(id: PlanId): PlanDefinition {
  const plan = PLANS.find((p) => p.id === id);
  if (!plan) throw new Error(`unknown plan ${id}`);
  return plan;
}

/** Yearly discount in whole percent: round(100 × (1 − yearly / (12 × monthly))). */
export function yearlyDiscountPercent(plan: Pick<PlanDefinition, 'monthlyCents' | 'yearlyCents'>): number {
  return Math.round(100 * (1 - plan.yearlyCents / (12 * plan.monthlyCents)));
}

/** What a year costs less than twelve months, in cents. */
export function yearlySavingsCents(plan: Pick<PlanDefinition, 'monthlyCents' | 'yearlyCents'>): number {
  return 12 * plan.monthlyCents - plan.yearlyCents;
}
