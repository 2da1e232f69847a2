import { PLANS, type SubscriptionResponse } from '@arbitra/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/testing/mock-api';
import { PLAN_RESPONSES } from '@/testing/plans';
import { renderApp, storeSession, TEST_USER } from '@/testing/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

const plans = PLAN_RESPONSES;

const professional: SubscriptionResponse = {
  id: 'sub-1',
  planId: 'professional',
  planName: 'Profissional',
  status: 'active',
  statusLabel: 'Ativo',
  billing: 'monthly',
  currentPeriodStart: '2026-11-10T15:00:00.000Z',
  currentPeriodEnd: '2026-12-10T15:00:00.000Z',
  cancelAtPeriodEnd: false,
  price: 99.9,
  priceCents: 9990,
  features: PLANS[1]!.features,
  daysLeft: 12,
  scheduledChange: null,
};

describe('/payment › downgrade (issue 27)', { timeout: 30_000 }, () => {
  it('asks for no card and no payment: it schedules the lower plan for the end of the paid period', async () => {
    const api = mockApi({
      'GET /api/user/subscription': () => json(200, professional),
      'GET /api/plans': () => json(200, plans),
      'GET /api/payments/config': () => json(200, { provider: 'sandbox', mercadoPago: null }),
      'GET /api/user/subscription/quote': () =>
        json(200, {
          planId: 'basic',
          planName: 'Básico',
          billing: 'monthly',
          kind: 'downgrade',
          amountCents: 0,
          amount: 0,
          fullPriceCents: 4990,
          prorated: false,
          periodStart: '2026-12-10T15:00:00.000Z',
          periodEnd: '2027-01-10T15:00:00.000Z',
        }),
      'POST /api/user/subscription/upgrade': () =>
        json(200, {
          message: 'O plano Básico passa a valer na próxima renovação (10/12/2026).',
          checkoutUrl: null,
          quote: {},
        }),
    });
    storeSession(TEST_USER);
    renderApp('/payment?plan=basic&billing=monthly');
    const scheduled = await screen.findByRole('status', { name: 'Mudança agendada' }, { timeout: 15_000 });
    expect(scheduled.textContent).toContain('Sem pagamento agora');
    expect(scheduled.textContent).toContain('10/12/2026');
    expect(scheduled.textContent).toContain('R$\u00a049,90');
    // Before: a card form and 'Pagar R$ 0,00', answered 400.
    expect(screen.queryByRole('region', { name: 'Forma de pagamento' })).toBeNull();
    expect(screen.queryByLabelText('Número do cartão')).toBeNull();
    expect(screen.queryByRole('button', { name: /Pagar/ })).toBeNull();
    expect(screen.queryByText(/R\$\s0,00/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Agendar mudança para Básico' }));
    await screen.findByText('O plano Básico passa a valer na próxima renovação (10/12/2026).');
    await waitFor(() =>
      expect(api.bodies('POST /api/user/subscription/upgrade')).toEqual([
        { planId: 'basic', billing: 'monthly' },
      ]),
    );
    expect(api.bodies('POST /api/payments')).toEqual([]);
  });

  it('an upgrade still shows the payment form and the prorated total', async () => {
    mockApi({
      'GET /api/user/subscription': () => json(200, professional),
      'GET /api/plans': () => json(200, plans),
      'GET /api/payments/config': () => json(200, { provider: 'sandbox', mercadoPago: null }),
      'GET /api/user/subscription/quote': () =>
        json(200, {
          planId: 'enterprise',
          planName: 'Enterprise',
          billing: 'monthly',
          kind: 'upgrade',
          amountCents: 4000,
          amount: 40,
          fullPriceCents: 19990,
          prorated: true,
          periodStart: '2026-11-10T15:00:00.000Z',
          periodEnd: '2026-12-10T15:00:00.000Z',
        }),
    });
    storeSession(TEST_USER);
    renderApp('/payment?plan=enterprise&billing=monthly');
    await screen.findByRole('button', { name: /Pagar R\$\s40,00/ }, { timeout: 15_000 });
    // The api runs the sandbox (PAYMENTS_PROVIDER=sandbox): the payment screen says so.
    expect((await screen.findByRole('note', { name: 'Modo sandbox' })).textContent).toContain(
      'nenhum pagamento é real',
    );
    expect(screen.getByRole('region', { name: 'Forma de pagamento' })).toBeDefined();
    expect(screen.getByText(/Valor proporcional ao restante do período/)).toBeDefined();
  });
});

describe('/payment with a real provider', { timeout: 30_000 }, () => {
  it("does not say 'Modo sandbox' when the api charges through Mercado Pago", async () => {
    mockApi({
      'GET /api/user/subscription': () => json(200, professional),
      'GET /api/plans': () => json(200, plans),
      'GET /api/payments/config': () =>
        json(200, {
          provider: 'mercadopago',
          mercadoPago: { publicKey: 'APP_USR-x', sdkUrl: 'http://127.0.0.1:9/js' },
        }),
      'GET /api/user/subscription/quote': () =>
        json(400, { message: 'Você já está neste plano e ciclo de cobrança' }),
    });
    storeSession(TEST_USER);
    renderApp('/payment?plan=professional&billing=monthly');
    await screen.findByText('Você já está neste plano e ciclo de cobrança', undefined, { timeout: 15_000 });
    expect(screen.queryByRole('note', { name: 'Modo sandbox' })).toBeNull();
  });
});
