import { Inject, Injectable } from '@nestjs/common';
import {
  MESSAGES,
  cpfDigits,
  type BillingCycle,
  type CheckoutQuote,
  type CreatePaymentRequest,
  type PaymentResponse,
  type PaymentsConfig,
  type PlanId,
  type SandboxAction,
  type UpgradeRequest,
  type UpgradeResponse,
} from '@arbitra/contracts';
import {
  PaymentsRepository,
  SubscriptionsRepository,
  UnitOfWork,
  type SubscriptionRecord,
  type Tx,
  type OwnerId,
} from '@arbitra/db';
import { badRequest, conflict, notFound } from '../../common/errors/app-error.js';
import { API_CONFIG, type ApiConfig } from '../../config/config.js';
import { BotsService } from '../bots/bots.service.js';
import { ExchangeCredentialsService } from '../exchanges/exchange-credentials.service.js';
import { canceledMail } from './billing-mails.js';
import { BillingNotices } from './billing-notices.js';
import { BillingReads, planOf } from './billing-reads.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './payment-provider.js';
import { PaymentOutcomes } from './payment-outcomes.js';
import { SandboxPaymentProvider } from './sandbox.provider.js';
import * as machine from './subscription-machine.js';

const M = MESSAGES.payments;
const ptDate = (d: Date, timeZone?: string) => new Intl.DateTimeFormat('pt-BR', { timeZone }).format(d);

/** Checkout: quotes, plan changes through the state machine, the charge for the payment page and its sandbox control. */
@Injectable()
export class CheckoutService {
  constructor(
    private readonly payments: PaymentsRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly uow: UnitOfWork,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly bots: BotsService,
    private readonly exchanges: ExchangeCredentialsService,
    private readonly reads: BillingReads,
    private readonly outcomes: PaymentOutcomes,
    private readonly notices: BillingNotices,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  /** The quote and the subscription state it was made for (stored with the charge: see isStale). */
  async quote(userId: OwnerId, planId: PlanId, billing: BillingCycle, now = new Date()) {
    const sub = await this.subscriptions.findByUser(userId);
    if (!sub) throw notFound('no_subscription', M.noSubscription);
    const prices = await this.reads.prices();
    const usage = {
      runningBots: await this.bots.countRunning(userId),
      exchanges: (await this.exchanges.planInfo(userId)).used_exchanges,
    };
    const r = machine.quoteChange(
      sub,
      planOf(prices, sub.planId),
      planOf(prices, planId),
      billing,
      usage,
      now,
    );
    if (!r.ok) throw badRequest(r.code, r.message);
    return { quote: r.quote, basis: machine.quoteBasis(sub, now), planName: planOf(prices, planId).name };
  }

  async describeQuote(userId: OwnerId, planId: PlanId, billing: BillingCycle): Promise<CheckoutQuote> {
    const { quote, planName } = await this.quote(userId, planId, billing);
    return quoteView(quote, planName);
  }

  /** POST /api/user/subscription/upgrade: where to pay; a downgrade is scheduled for the next period instead. */
  async upgrade(userId: OwnerId, req: UpgradeRequest): Promise<UpgradeResponse> {
    const { quote: q, planName } = await this.quote(userId, req.planId, req.billing);
    if (q.kind !== 'downgrade')
      return {
        message: M.redirecting,
        checkoutUrl: `/payment?plan=${req.planId}&billing=${req.billing}`,
        quote: quoteView(q, planName),
      };
    await this.change(userId, (sub) => ({ ok: true, next: machine.scheduleDowngrade(sub, q) }));
    const message = M.downgradeScheduled(planName, ptDate(q.periodStart, 'America/Sao_Paulo'));
    return { message, checkoutUrl: null, quote: quoteView(q, planName) };
  }

  async cancel(userId: OwnerId): Promise<{ message: string }> {
    const saved = await this.change(userId, (sub) => machine.cancel(sub, new Date()));
    if (saved) {
      const planName = planOf(await this.reads.prices(), saved.planId).name;
      this.notices.mail(
        userId,
        (who, url) => canceledMail(who, planName, saved.currentPeriodEnd, url),
        'cancelamento',
      );
    }
    return { message: M.canceled };
  }

  async reactivate(userId: OwnerId): Promise<{ message: string }> {
    await this.change(userId, (sub) => machine.reactivate(sub, new Date()));
    return { message: M.reactivated };
  }

  /**
   * One plan change under the subscription's row lock: the machine's next state saved, the user's open charges
   * (quoted for the old state) expired and withdrawn at the provider, the screens told.
   */
  private async change(
    userId: OwnerId,
    transition: (sub: SubscriptionRecord) => machine.Result<{ next: machine.SubscriptionState }>,
  ): Promise<SubscriptionRecord | null> {
    const { saved, expired } = await this.uow.run(async (tx: Tx) => {
      const sub = await this.subscriptions.findByUser(userId, tx, true);
      if (!sub) throw notFound('no_subscription', M.noSubscription);
      const r = transition(sub);
      if (!r.ok) throw badRequest(r.code, r.message);
      return {
        saved: await this.subscriptions.save(userId, r.next, tx),
        expired: await this.payments.expirePendingForUser(userId, M.staleExpired, null, null, tx),
      };
    });
    await this.outcomes.withdraw(expired);
    this.notices.pushSubscription(userId);
    return saved;
  }

  /** POST /api/payments: a charge for the checkout (amount decided here, never by the browser). */
  async createPayment(userId: OwnerId, req: CreatePaymentRequest): Promise<PaymentResponse> {
    const { quote: q, basis, planName } = await this.quote(userId, req.planId, req.billing);
    if (q.kind === 'downgrade')
      throw badRequest('nothing_to_pay', M.downgradeScheduled(planName, ptDate(q.periodStart)));
    if (req.method === 'card' && !req.card) throw badRequest('card_required', M.cardRequired);
    // The payer's identification: boleto always; card when Mercado Pago charges it (cards in Brazil need it).
    const needsCpf =
      req.method === 'boleto' || (req.method === 'card' && this.provider.name === 'mercadopago');
    if (needsCpf && !req.payerCpf) throw badRequest('cpf_required', M.cpfRequired);
    const payerCpf = needsCpf && req.payerCpf ? cpfDigits(req.payerCpf) : null;
    const payment = await this.payments.create({
      userId,
      planId: q.planId,
      billing: q.billing,
      kind: q.kind,
      amountCents: q.amountCents,
      method: req.method,
      provider: this.provider.name,
      cardBrand: req.card?.brand ?? null,
      cardLast4: req.card?.last4 ?? null,
      // The browser's single-use token, kept until the payment settles: on approval it saves the card for renewals.
      cardToken: req.card?.token ?? null,
      payerCpf,
      quoteBasis: { ...basis, quotedPeriodStart: q.periodStart.toISOString() },
    });
    if (payment.amountCents === 0) {
      // An upgrade fully covered by the unused part of the period: nothing to charge.
      await this.payments.attachCharge(payment.id, { providerPaymentId: `free_${payment.id}` });
      await this.outcomes.approve(payment.id);
    } else {
      await this.outcomes.charge(payment, await this.reads.payer(userId, payerCpf), req.card);
    }
    return this.reads.view(userId, payment.id);
  }

  /** How the payment page charges a card (the browser side of the provider). */
  paymentsConfig(): PaymentsConfig {
    if (this.provider.name !== 'mercadopago') return { provider: this.provider.name, mercadoPago: null };
    const { MERCADOPAGO_PUBLIC_KEY, MERCADOPAGO_SDK_URL } = this.config;
    return {
      provider: 'mercadopago',
      mercadoPago: { publicKey: MERCADOPAGO_PUBLIC_KEY ?? '', sdkUrl: MERCADOPAGO_SDK_URL },
    };
  }

  /** The sandbox control ('Simular pagamento aprovado' / 'Simular recusa' / 'Simular expiração'). */
  async sandboxAction(userId: OwnerId, id: string, action: SandboxAction): Promise<PaymentResponse> {
    if (!(this.provider instanceof SandboxPaymentProvider)) throw notFound('sandbox_only', M.sandboxOnly);
    const p = await this.reads.owned(userId, id);
    if (p.provider !== 'sandbox' || !p.providerPaymentId) throw badRequest('sandbox_only', M.sandboxOnly);
    if (p.status !== 'pending') throw conflict('not_pending', M.notPending);
    const status = action === 'approve' ? 'approved' : action === 'decline' ? 'declined' : 'expired';
    await this.outcomes.receiveWebhook('sandbox', await this.provider.decide(p.providerPaymentId, status));
    return this.reads.view(userId, id);
  }
}

function quoteView(q: machine.Quote, planName: string): CheckoutQuote {
  return {
    planId: q.planId,
    planName,
    billing: q.billing,
    kind: q.kind,
    amountCents: q.amountCents,
    amount: q.amountCents / 100,
    fullPriceCents: q.fullPriceCents,
    prorated: q.prorated,
    periodStart: q.periodStart.toISOString(),
    periodEnd: q.periodEnd.toISOString(),
  };
}
