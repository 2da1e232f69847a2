import { MESSAGES, PLANS, type PaymentResponse, type SubscriptionResponse } from '@arbitra/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/testing/mock-api';
import { PLAN_RESPONSES } from '@/testing/plans';
import { renderApp, storeSession, TEST_USER } from '@/testing/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

const plans = PLAN_RESPONSES;

const trial: SubscriptionResponse = {
  id: 'sub-1',
  planId: 'professional',
  planName: 'Profissional',
  status: 'trialing',
  statusLabel: 'Período de teste',
  billing: 'monthly',
  currentPeriodStart: '2026-02-03T15:00:00.000Z',
  currentPeriodEnd: '2026-02-10T15:00:00.000Z',
  cancelAtPeriodEnd: false,
  price: 99.9,
  priceCents: 9990,
  features: PLANS[1]!.features,
  daysLeft: 3,
};

async function openTabWithApp() {
  storeSession(TEST_USER);
  const app = renderApp('/dashboard?tab=subscription');
  await screen.findByRole('region', { name: 'Plano atual' }, { timeout: 10_000 });
  return app;
}

async function openTab() {
  storeSession(TEST_USER);
  renderApp('/dashboard?tab=subscription');
  return screen.findByRole('region', { name: 'Plano atual' }, { timeout: 15_000 });
}

describe('dashboard › Assinatura', { timeout: 30_000 }, () => {
  it('shows the current plan from the server: status, days left, end date and price', async () => {
    mockApi({
      'GET /api/user/subscription': () => json(200, trial),
      'GET /api/plans': () => json(200, plans),
      'GET /api/payments': () => json(200, []),
      'GET /api/user/payment-method': () => json(200, { card: null }),
    });
    const card = await openTab();
    expect(within(card).getByText('Profissional')).toBeDefined();
    expect(within(card).getByText('Período de teste')).toBeDefined();
    expect(within(card).getByText('3 dias')).toBeDefined();
    expect(within(card).getByText('10/02/2026')).toBeDefined();
    expect(card.textContent).toContain('R$\u00a099,90');
    expect(within(card).getByText('Até 10 bots')).toBeDefined();
    expect(within(card).getByText('Suporte prioritário 24/7').className).toContain('line-through');
  });

  it('says when a scheduled downgrade takes effect: the end of the period already paid', async () => {
    mockApi({
      'GET /api/user/subscription': () =>
        json(200, {
          ...trial,
          status: 'active',
          scheduledChange: {
            planId: 'basic',
            planName: 'Básico',
            billing: 'monthly',
            startsAt: trial.currentPeriodEnd,
          },
        }),
      'GET /api/plans': () => json(200, plans),
      'GET /api/payments': () => json(200, []),
      'GET /api/user/payment-method': () => json(200, { card: null }),
    });
    const card = await openTab();
    const note = within(card).getByRole('status', { name: 'Mudança de plano agendada' });
    expect(note.textContent).toContain('Básico');
    expect(note.textContent).toContain('passa a valer em 10/02/2026, no fim do período já pago');
  });

  it('the history says why a stale charge was refunded instead of applied (issue 25)', async () => {
    const stale: PaymentResponse = {
      id: 'pay-1',
      planId: 'enterprise',
      planName: 'Enterprise',
      billing: 'monthly',
      kind: 'upgrade',
      amountCents: 15000,
      amount: 150,
      method: 'pix',
      methodLabel: 'PIX',
      provider: 'sandbox',
      status: 'refunded',
      statusLabel: 'Reembolsado',
      invoiceNumber: null,
      invoiceUrl: null,
      cardBrand: null,
      cardLast4: null,
      payerCpf: null,
      pix: null,
      boleto: null,
      periodStart: null,
      periodEnd: null,
      failureReason: MESSAGES.payments.staleRefunded,
      createdAt: '2026-02-03T15:00:00.000Z',
      approvedAt: '2026-02-04T15:00:00.000Z',
      refundedAt: '2026-02-04T15:00:00.000Z',
      refundableUntil: null,
      sandbox: false,
    };
    mockApi({
      'GET /api/user/subscription': () => json(200, trial),
      'GET /api/plans': () => json(200, plans),
      'GET /api/payments': () => json(200, [stale]),
      'GET /api/user/payment-method': () => json(200, { card: null }),
    });
    await openTab();
    expect(await screen.findByText(MESSAGES.payments.staleRefunded)).toBeDefined();
  });

  it.each<[SubscriptionResponse['status'], string]>([
    ['active', 'Ativo'],
    ['past_due', 'Vencido'],
    ['canceled', 'Cancelado'],
  ])('labels %s as %s', async (status, label) => {
    mockApi({
      'GET /api/user/subscription': () => json(200, { ...trial, status, daysLeft: 0 }),
      'GET /api/plans': () => json(200, plans),
      'GET /api/payments': () => json(200, []),
      'GET /api/user/payment-method': () => json(200, { card: null }),
    });
    const card = await openTab();
    expect(within(card).getByText(label)).toBeDefined();
  });

  it("compares the three plans, marks 'Mais Popular' and the user's plan; upgrade opens the checkout", async () => {
    const api = mockApi({
      'GET /api/user/subscription': () => json(200, trial),
      'GET /api/plans': () => json(200, plans),
      'GET /api/payments': () => json(200, []),
      'GET /api/user/payment-method': () => json(200, { card: null }),
      'POST /api/user/subscription/upgrade': () =>
        json(200, {
          message: 'Redirecionando para o pagamento...',
          checkoutUrl: '/payment?plan=enterprise&billing=monthly',
          quote: {},
        }),
    });
    const app = await openTabWithApp();
    const comparison = await screen.findByRole('region', { name: 'Comparação de planos' });
    expect(comparison.textContent).toContain('R$\u00a049,90');
    expect(comparison.textContent).toContain('R$\u00a099,90');
    expect(comparison.textContent).toContain('R$\u00a0199,90');
    expect(within(comparison).getAllByText('Mais Popular')).toHaveLength(1);
    expect(within(comparison).getByRole('button', { name: 'Plano atual' })).toHaveProperty('disabled', true);
    fireEvent.click(within(comparison).getByRole('button', { name: 'Mudar para Enterprise' }));
    await waitFor(() => expect(app.location()).toBe('/payment?plan=enterprise&billing=monthly'), {
      timeout: 10_000,
    });
    expect(api.bodies('POST /api/user/subscription/upgrade')).toEqual([
      { planId: 'enterprise', billing: 'monthly' },
    ]);
  });

  it('shows the card saved for renewals (brand + last 4) and removes it after a confirmation', async () => {
    let card: unknown = {
      brand: 'mastercard',
      last4: '0366',
      savedAt: '2026-02-03T15:00:00.000Z',
      sandboxDeclines: false,
    };
    const api = mockApi({
      'GET /api/user/subscription': () => json(200, { ...trial, status: 'active' }),
      'GET /api/plans': () => json(200, plans),
      'GET /api/payments': () => json(200, []),
      'GET /api/user/payment-method': () => json(200, { card }),
      'POST /api/user/payment-method/sandbox': () => {
        card = { ...(card as object), sandboxDeclines: true };
        return json(200, { card });
      },
      'DELETE /api/user/payment-method': () => {
        card = null;
        return json(200, { message: 'Cartão removido.' });
      },
    });
    await openTab();
    const region = await screen.findByRole('region', { name: 'Cartão para renovações' });
    expect((await within(region).findByLabelText('Cartão salvo')).textContent).toContain(
      'Mastercard final 0366',
    );
    fireEvent.click(within(region).getByRole('button', { name: 'Simular recusa' }));
    await within(region).findByText('Sandbox: próximas renovações recusadas');
    expect(api.bodies('POST /api/user/payment-method/sandbox')).toEqual([{ action: 'decline' }]);
    fireEvent.click(within(region).getByRole('button', { name: 'Remover cartão' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remover o cartão salvo?' });
    expect(dialog.textContent).toContain('Mastercard final 0366');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remover cartão' }));
    await within(region).findByText(/Nenhum cartão salvo/, undefined, { timeout: 10_000 });
    expect(api.bodies('DELETE /api/user/payment-method')).toHaveLength(1);
  });

  it('shows a clear error with a retry instead of sample data when the server cannot be reached', async () => {
    let up = false;
    mockApi({
      'GET /api/user/subscription': () => {
        if (!up) throw new TypeError('Failed to fetch');
        return json(200, trial);
      },
      'GET /api/plans': () => json(200, plans),
      'GET /api/payments': () => json(200, []),
      'GET /api/user/payment-method': () => json(200, { card: null }),
    });
    storeSession(TEST_USER);
    renderApp('/dashboard?tab=subscription');
    const region = await screen.findByRole('region', { name: 'Assinatura' }, { timeout: 15_000 });
    const retry = await within(region).findByRole('button', { name: 'Tentar novamente' });
    expect(within(region).getByRole('alert').textContent).toContain('Erro de conexão com o servidor');
    up = true;
    fireEvent.click(retry);
    expect(await screen.findByRole('region', { name: 'Plano atual' })).toBeDefined();
  });
});
