import { describe, expect, it } from 'vitest';
import { PLANS } from '@arbitra/contracts';
import { ACCOUNTS_MIGRATION_PLANS } from './migrations/index.js';

describe('the accounts migration', () => {
  it('seeds exactly the plans of PLANS (DECISIONS §2), prices in integer cents', () => {
    expect(
      ACCOUNTS_MIGRATION_PLANS.map((p) => ({
        id: p.id,
        name: p.name,
        monthlyCents: p.monthlyCents,
        yearlyCents: p.yearlyCents,
        popular: p.popular,
        highlights: [...p.highlights],
        features: {
          maxBots: p.maxBots,
          maxExchanges: p.maxExchanges,
          realTimeData: p.realTimeData,
          advancedStrategies: p.advancedStrategies,
          prioritySupport: p.prioritySupport,
        },
      })),
    ).toEqual(PLANS.map((p) => ({ ...p, highlights: [...p.highlights] })));
    for (const p of ACCOUNTS_MIGRATION_PLANS) {
      expect(Number.isInteger(p.monthlyCents) && Number.isInteger(p.yearlyCents)).toBe(true);
    }
  });
});
