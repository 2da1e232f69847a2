import { MESSAGES, UNLIMITED, type PlanFeatures, type SubscriptionStatus } from '@arbitra/contracts';

export interface FeatureLine {
  label: string;
  included: boolean;
}

function limit(value: number, unlimited: string, some: (n: number) => string): string {
  return value === UNLIMITED ? unlimited : some(value);
}

/** A plan's features as the list the Assinatura tab shows (SPEC §2). */
export function featureLines(features: PlanFeatures): FeatureLine[] {
  return [
    {
      label: limit(features.maxBots, 'Bots ilimitados', (n) => `Até ${n} ${n === 1 ? 'bot' : 'bots'}`),
      included: features.maxBots !== 0,
    },
    {
      label: limit(
        features.maxExchanges,
        'Todas as exchanges',
        (n) => `Até ${n} ${n === 1 ? 'exchange' : 'exchanges'}`,
      ),
      included: features.maxExchanges !== 0,
    },
    { label: 'Dados em tempo real', included: features.realTimeData },
    { label: 'Estratégias avançadas (triangular, estatística)', included: features.advancedStrategies },
    { label: 'Suporte prioritário 24/7', included: features.prioritySupport },
  ];
}

/** 'Período de teste', 'Ativo', 'Vencido', 'Cancelado' (DECISIONS §3). */
export function statusLabel(status: SubscriptionStatus): string {
  return MESSAGES.subscription[status];
}

export function statusVariant(status: SubscriptionStatus): 'default' | 'success' | 'warning' | 'outline' {
  switch (status) {
    case 'trialing':
      return 'default';
    case 'active':
      return 'success';
    case 'past_due':
      return 'warning';
    case 'canceled':
      return 'outline';
  }
}

/** '1 dia', '7 dias'. */
export function daysText(days: number): string {
  return `${days} ${days === 1 ? 'dia' : 'dias'}`;
}
