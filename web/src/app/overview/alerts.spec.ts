import type { FeedState, SubscriptionResponse } from '@arbitra/contracts';
import { describe, expect, it } from 'vitest';
import { arbitrage, triangular } from '@/features/scanner/testing/fixtures';
import { matchingOpportunities, overviewAlerts } from './alerts';
import { bot } from './bot-fixture';

const PATHS = { bots: '/bots', subscription: '/dashboard?tab=subscription', status: '/status' };

function subscription(overrides: Partial<SubscriptionResponse>): SubscriptionResponse {
  return {
    id: 's1',
    planId: 'professional',
    planName: 'Profissional',
    status: 'active',
    statusLabel: 'Ativo',
    billing: 'monthly',
    currentPeriodStart: '2026-11-01T00:00:00.000Z',
    currentPeriodEnd: '2026-12-01T00:00:00.000Z',
    cancelAtPeriodEnd: false,
    price: 99.9,
    priceCents: 9990,
    features: {} as SubscriptionResponse['features'],
    daysLeft: 20,
    ...overrides,
  };
}

const feed = (
  exchange: FeedState['exchange'],
  status: FeedState['status'],
  reason: string | null = null,
): FeedState => ({
  exchange,
  status,
  reason,
  since: 0,
});

describe("the home's alerts", () => {
  it("says when a running bot's side is about to run dry or a direction is paused (issue 29)", () => {
    const inventory = new Map([
      [
        'b1',
        {
          available: true,
          note: null,
          minOrderUsdt: '10',
          windowHours: 6,
          rows: [],
          series: [],
          alerts: ['USDT na Binance acaba em ~30 min'],
          pauses: [
            {
              exchange: 'gateio',
              asset: 'BTC',
              side: 'sell' as const,
              reason: 'Direção pausada: sem BTC na Gate.io',
              skipped: 4,
              since: '2026-11-28T12:00:00.000Z',
            },
          ],
        },
      ],
    ]);
    const alerts = overviewAlerts([bot()], null, [], PATHS, inventory);
    expect(alerts).toEqual([
      {
        kind: 'inventory',
        id: 'inventory:b1',
        text: 'Inventário do bot Alfa: Direção pausada: sem BTC na Gate.io; USDT na Binance acaba em ~30 min.',
        to: '/bots',
        action: 'Ver inventário',
      },
    ]);
    // a stopped bot skips nothing: no inventory alert
    expect(overviewAlerts([bot({ status: 'stopped' })], null, [], PATHS, inventory)).toEqual([]);
  });

  it('is quiet when nothing needs the user', () => {
    expect(overviewAlerts([bot()], subscription({}), [feed('binance', 'up')], PATHS)).toEqual([]);
  });

  it('tells an unhedged leg and a bot stopped by a limit, each leading to the bots', () => {
    const alerts = overviewAlerts(
      [
        bot({ nakedExposure: { 'binance:BTC': '0.0125' } }),
        bot({
          id: 'b2',
          name: 'Beta',
          active: false,
          status: 'stopped',
          statusReason: 'Limite de perda diária atingido (25 USDT). Bot parado por segurança.',
        }),
      ],
      null,
      [],
      PATHS,
    );
    expect(alerts.map((a) => [a.kind, a.text, a.to])).toEqual([
      ['unhedged', 'Perna sem proteção no bot Alfa: 0,0125 BTC na Binance.', '/bots'],
      [
        'bot-stopped',
        'Bot Beta parado: Limite de perda diária atingido (25 USDT). Bot parado por segurança.',
        '/bots',
      ],
    ]);
  });

  it('warns of a trial or a cancelled period ending within 7 days, not of a renewing one', () => {
    const trial = overviewAlerts([], subscription({ status: 'trialing', daysLeft: 1 }), [], PATHS);
    expect(trial.map((a) => a.text)).toEqual([
      'Seu período de teste termina amanhã: sem um plano, os bots param.',
    ]);
    const cancelled = overviewAlerts([], subscription({ cancelAtPeriodEnd: true, daysLeft: 5 }), [], PATHS);
    expect(cancelled.map((a) => a.text)).toEqual([
      'Sua assinatura Profissional termina em 5 dias e não será renovada: os bots param.',
    ]);
    expect(overviewAlerts([], subscription({ cancelAtPeriodEnd: true, daysLeft: 8 }), [], PATHS)).toEqual([]);
    expect(overviewAlerts([], subscription({ daysLeft: 2 }), [], PATHS)).toEqual([]);
  });

  it("names a degraded or offline feed of an exchange the user's bots use, not the others", () => {
    const alerts = overviewAlerts(
      [bot()],
      null,
      [feed('binance', 'degraded', 'Atraso de 4 s'), feed('gateio', 'up'), feed('mexc', 'down')],
      PATHS,
    );
    expect(alerts.map((a) => a.text)).toEqual(['Binance: Degradado (Atraso de 4 s).']);
  });
});

describe('live opportunities that fit the bots', () => {
  it("counts those the engine's rule would take for at least one bot", () => {
    const fits = arbitrage({ netPct: 0.3 });
    const tooThin = arbitrage({ id: 'thin', netPct: 0.1 });
    const otherStrategy = triangular();
    expect(matchingOpportunities([fits, tooThin, otherStrategy], [bot()])).toBe(1);
    expect(matchingOpportunities([fits], [bot({ exchanges: ['binance'] })])).toBe(0);
    expect(matchingOpportunities([fits, tooThin], [])).toBe(0);
  });
});
