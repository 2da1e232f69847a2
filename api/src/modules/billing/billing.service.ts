import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  EVENTS,
  MESSAGES,
  cpfDigits,
  type BillingCycle,
  type CheckoutQuote,
  type CreatePaymentRequest,
  type NotificationJob,
  type PaymentResponse,
  type PaymentsConfig,
  type PlanId,
  type SandboxAction,
  type StoredCardResponse,
  type SubscriptionStatus,
  type UpgradeRequest,
  type UpgradeResponse,
} from '@arbitra/contracts';
import {
  PaymentMethodsRepository,
  PaymentsRepository,
  SubscriptionsRepository,
  UnitOfWork,
  type PaymentMethodRecord,
  type PaymentRecord,
  type PlanPriceRecord,
  type SubscriptionRecord,
} from '@arbitra/db';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../../common/errors/app-error.js';
import { PINO_LOGGER } from '../../common/logging/logger.js';
import { API_CONFIG, type ApiConfig } from '../../config/config.js';
import { BrowserEvents } from '@arbitra/transport';
import type { ClientInfo } from '../../common/http/request-context.js';
import { AuditService } from '../audit/audit.service.js';
import { BotsService } from '../bots/bots.service.js';
import { ExchangeCredentialsService } from '../exchanges/exchange-credentials.service.js';
import { MailService, type MailMessage } from '../mail/mail.service.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import { AccountDataRegistry } from '../users/account-data.registry.js';
import { UsersService } from '../users/users.service.js';
import {
  canceledMail,
  chargeIssuedMail,
  paymentApprovedMail,
  paymentFailedMail,
  paymentNotice,
  lapsedNotice,
  refundedMail,
  staleRefundedMail,
} from './billing-mails.js';
import { invoiceHtml, invoicePdf } from './invoice.js';
import {
  PAYMENT_PROVIDER,
  type PaymentProvider,
  type Payer,
  type StoredCard,
  type WebhookRequest,
} from './payment-provider.js';
import { toPaymentResponse } from './payment.view.js';
import { SandboxPaymentProvider, WebhookSignatureError } from './sandbox.provider.js';
import { headerOf } from './webhook-signature.js';
import {
  applyApprovedPayment,
  cancel as cancelTransition,
  isStale,
  periodBought,
  quoteBasis,
  quoteChange,
  reactivate as reactivateTransition,
  refund as refundTransition,
  renewalStep,
  scheduleDowngrade,
  type Quote,
  type QuoteBasis,
  type SubscriptionState,
} from './subscription-machine.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const M = MESSAGES.payments;

const storedCardOf = (m: PaymentMethodRecord): StoredCard => ({
  customerId: m.providerCustomerId,
  cardId: m.providerCardId,
  brand: m.cardBrand,
  last4: m.cardLast4,
});

const stateOf = (s: SubscriptionRecord): SubscriptionState => ({
  planId: s.planId,
  status: s.status,
  billing: s.billing,
  currentPeriodStart: s.currentPeriodStart,
  currentPeriodEnd: s.currentPeriodEnd,
  cancelAtPeriodEnd: s.cancelAtPeriodEnd,
  canceledAt: s.canceledAt,
  scheduledPlanId: s.scheduledPlanId,
  scheduledBilling: s.scheduledBilling,
});

/**
 * Subscriptions and payments, end to end (issue 10): quotes and plan changes through the state machine,
 * charges through the configured provider, webhooks (idempotent: each payment changes status once, under a
 * row lock), renewals, lapses, invoices, mails and the socket pushes that flip the screens.
 */
@Injectable()
export class BillingService implements OnModuleInit {
  constructor(
    private readonly payments: PaymentsRepository,
    private readonly paymentMethods: PaymentMethodsRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly uow: UnitOfWork,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly subscriptionRecords: SubscriptionsService,
    private readonly users: UsersService,
    private readonly bots: BotsService,
    private readonly exchanges: ExchangeCredentialsService,
    private readonly mail: MailService,
    private readonly notifications: NotificationsService,
    private readonly audit: AuditService,
    private readonly events: BrowserEvents,
    private readonly accountData: AccountDataRegistry,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(PINO_LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.subscriptionRecords.onLapsed((lapsed) => this.onLapsed(lapsed));
    // LGPD: 'Exportar meus dados' includes the payments (CPF masked) and the saved card (brand + last 4); deleting the
    // account deletes the saved card at the provider too.
    this.accountData.addExporter('payments', (userId) => this.history(userId));
    this.accountData.addExporter('savedCard', async (userId) => (await this.storedCard(userId)).card);
    this.accountData.beforeDelete(async (userId) => {
      const removed = await this.paymentMethods.remove(userId);
      if (removed) await this.forgetAtProvider(removed);
    });
  }

  // ------------------------------------------------------------------ plan changes

  async quote(userId: string, planId: PlanId, billing: BillingCycle, now = new Date()): Promise<Quote> {
    return (await this.quoteWithBasis(userId, planId, billing, now)).quote;
  }

  /** The quote and the subscription state it was made for (stored with the charge: see isStale). */
  private async quoteWithBasis(
    userId: string,
    planId: PlanId,
    billing: BillingCycle,
    now: Date,
  ): Promise<{ quote: Quote; basis: QuoteBasis }> {
    const sub = await this.subscriptions.findByUser(userId);
    if (!sub) throw notFound('no_subscription', M.noSubscription);
    const prices = await this.subscriptions.listPrices();
    const current = this.plan(prices, sub.planId);
    const target = this.plan(prices, planId);
    const usage = {
      runningBots: await this.bots.countRunning(userId),
      exchanges: (await this.exchanges.planInfo(userId)).used_exchanges,
    };
    const r = quoteChange(stateOf(sub), current, target, billing, usage, now);
    if (!r.ok) throw badRequest(r.code, r.message);
    return { quote: r.quote, basis: quoteBasis(stateOf(sub), now) };
  }

  async describeQuote(userId: string, planId: PlanId, billing: BillingCycle): Promise<CheckoutQuote> {
    const q = await this.quote(userId, planId, billing);
    return this.quoteView(q, (await this.subscriptions.listPrices()).find((p) => p.id === planId)!.name);
  }

  /** POST /api/user/subscription/upgrade: where to pay; a downgrade is scheduled for the next period instead. */
  async upgrade(userId: string, req: UpgradeRequest): Promise<UpgradeResponse> {
    const q = await this.quote(userId, req.planId, req.billing);
    const planName = this.plan(await this.subscriptions.listPrices(), req.planId).name;
    if (q.kind === 'downgrade') {
      const expired = await this.uow.run(async (tx) => {
        const sub = await this.subscriptions.findByUser(userId, tx, true);
        if (!sub) throw notFound('no_subscription', M.noSubscription);
        await this.subscriptions.save(userId, scheduleDowngrade(stateOf(sub), q), tx);
        return this.payments.expirePendingForUser(userId, M.staleExpired, null, null, tx);
      });
      await this.withdrawAtProvider(expired);
      this.pushSubscription(userId);
      return {
        message: M.downgradeScheduled(
          planName,
          new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(q.periodStart),
        ),
        checkoutUrl: null,
        quote: this.quoteView(q, planName),
      };
    }
    return {
      message: M.redirecting,
      checkoutUrl: `/payment?plan=${req.planId}&billing=${req.billing}`,
      quote: this.quoteView(q, planName),
    };
  }

  async cancel(userId: string): Promise<{ message: string }> {
    const now = new Date();
    const { saved, expired } = await this.uow.run(async (tx) => {
      const sub = await this.subscriptions.findByUser(userId, tx, true);
      if (!sub) throw notFound('no_subscription', M.noSubscription);
      const r = cancelTransition(stateOf(sub), now);
      if (!r.ok) throw badRequest(r.code, r.message);
      return {
        saved: await this.subscriptions.save(userId, r.next, tx),
        expired: await this.payments.expirePendingForUser(userId, M.staleExpired, null, null, tx),
      };
    });
    await this.withdrawAtProvider(expired);
    if (saved) {
      const planName = this.plan(await this.subscriptions.listPrices(), saved.planId).name;
      this.sendTo(
        userId,
        (who) => canceledMail(who, planName, saved.currentPeriodEnd, this.config.appUrl),
        'cancelamento',
      );
    }
    this.pushSubscription(userId);
    return { message: M.canceled };
  }

  async reactivate(userId: string): Promise<{ message: string }> {
    const expired = await this.uow.run(async (tx) => {
      const sub = await this.subscriptions.findByUser(userId, tx, true);
      if (!sub) throw notFound('no_subscription', M.noSubscription);
      const r = reactivateTransition(stateOf(sub), new Date());
      if (!r.ok) throw badRequest(r.code, r.message);
      await this.subscriptions.save(userId, r.next, tx);
      return this.payments.expirePendingForUser(userId, M.staleExpired, null, null, tx);
    });
    await this.withdrawAtProvider(expired);
    this.pushSubscription(userId);
    return { message: M.reactivated };
  }

  // ------------------------------------------------------------------ payments

  /** POST /api/payments: a charge for the checkout (amount decided here, never by the browser). */
  async createPayment(userId: string, req: CreatePaymentRequest): Promise<PaymentResponse> {
    const { quote: q, basis } = await this.quoteWithBasis(userId, req.planId, req.billing, new Date());
    if (q.kind === 'downgrade')
      throw badRequest(
        'nothing_to_pay',
        M.downgradeScheduled(
          this.plan(await this.subscriptions.listPrices(), req.planId).name,
          new Intl.DateTimeFormat('pt-BR').format(q.periodStart),
        ),
      );
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
      await this.approvePayment(payment.id);
      return this.view(userId, payment.id);
    }
    await this.charge(payment, await this.payer(userId, payerCpf), req.card);
    return this.view(userId, payment.id);
  }

  // ------------------------------------------------------------------ the saved card (renewals off-session)

  /** GET /api/user/payment-method: brand + last 4 of the card renewals charge (null: renewals by PIX/boleto). */
  async storedCard(userId: string): Promise<StoredCardResponse> {
    const m = await this.savedCardOf(userId);
    if (!m) return { card: null };
    return {
      card: {
        brand: m.cardBrand,
        last4: m.cardLast4,
        savedAt: m.createdAt.toISOString(),
        sandboxDeclines:
          this.provider instanceof SandboxPaymentProvider
            ? ((await this.provider.cardDeclines(storedCardOf(m))) ?? true)
            : null,
      },
    };
  }

  /**
   * DELETE /api/user/payment-method: removed here and at the provider (audited); renewals fall back to PIX/boleto by
   * email.
   */
  async removeStoredCard(userId: string, client?: ClientInfo): Promise<{ message: string }> {
    const removed = await this.paymentMethods.remove(userId);
    // Idempotent: nothing saved (or removed already) is not an error.
    if (!removed) return { message: M.storedCardNotFound };
    await this.forgetAtProvider(removed);
    await this.audit.record('payment_method_removed', {
      userId,
      ...(client ? { client } : {}),
      metadata: { brand: removed.cardBrand, last4: removed.cardLast4 },
    });
    return { message: M.storedCardRemoved };
  }

  /** Sandbox only: how its issuer answers the next renewals charged to the saved card ('Simular recusa'). */
  async storedCardSandbox(userId: string, action: 'approve' | 'decline'): Promise<StoredCardResponse> {
    if (!(this.provider instanceof SandboxPaymentProvider)) throw notFound('sandbox_only', M.sandboxOnly);
    const m = await this.savedCardOf(userId);
    if (!m) throw notFound('stored_card_not_found', M.storedCardNotFound);
    await this.provider.setCardDeclines(storedCardOf(m), action === 'decline');
    return this.storedCard(userId);
  }

  /** The user's saved card at the configured provider (a card saved at another provider is not charged here). */
  private async savedCardOf(userId: string): Promise<PaymentMethodRecord | null> {
    const m = await this.paymentMethods.findForUser(userId);
    return m && m.provider === this.provider.name ? m : null;
  }

  /**
   * After an approved card payment made in the browser (an off-session renewal has no token): the card saved at the
   * provider from the payment's token, the provider's customer + card ids kept in payment_methods, the token
   * forgotten. A failure is logged: renewals then go by PIX/boleto, as without a card.
   */
  private async saveCardOf(p: PaymentRecord): Promise<void> {
    if (p.method !== 'card' || !p.cardToken || !p.cardBrand || !p.cardLast4) return;
    try {
      const stored = await this.provider.saveCard({
        payer: await this.payer(p.userId, p.payerCpf),
        cardToken: p.cardToken,
        brand: p.cardBrand as StoredCard['brand'],
        last4: p.cardLast4,
      });
      const { replaced } = await this.paymentMethods.save({
        userId: p.userId,
        provider: this.provider.name,
        providerCustomerId: stored.customerId,
        providerCardId: stored.cardId,
        cardBrand: stored.brand,
        cardLast4: stored.last4,
      });
      if (replaced) await this.forgetAtProvider(replaced);
      this.logger.info({ userId: p.userId, paymentId: p.id }, 'cartão salvo para as renovações');
    } catch (e) {
      this.logger.error({ err: e, paymentId: p.id }, 'não foi possível salvar o cartão no provedor');
    } finally {
      await this.payments.clearCardToken(p.id);
    }
  }

  /** Removes a card at the provider it was saved at (best effort: ours is already gone). */
  private async forgetAtProvider(m: PaymentMethodRecord): Promise<void> {
    if (m.provider !== this.provider.name) return;
    try {
      await this.provider.removeCard(storedCardOf(m));
    } catch (e) {
      this.logger.error({ err: e, userId: m.userId }, 'não foi possível remover o cartão no provedor');
    }
  }

  /** How the payment page charges a card (the browser side of the provider). */
  paymentsConfig(): PaymentsConfig {
    if (this.provider.name !== 'mercadopago') return { provider: this.provider.name, mercadoPago: null };
    return {
      provider: 'mercadopago',
      mercadoPago: {
        publicKey: this.config.MERCADOPAGO_PUBLIC_KEY ?? '',
        sdkUrl: this.config.MERCADOPAGO_SDK_URL,
      },
    };
  }

  async getPayment(userId: string, id: string): Promise<PaymentResponse> {
    return this.view(userId, id);
  }

  async history(userId: string): Promise<PaymentResponse[]> {
    const names = await this.planNames();
    const rows = await this.payments.listForUser(userId, 100);
    const first = await this.firstPaidId(userId);
    return Promise.all(rows.map((p) => toPaymentResponse(p, names.get(p.planId) ?? p.planId, first)));
  }

  /** The invoice of an approved (or later refunded) payment: a printable HTML page or a PDF. */
  async invoice(userId: string, id: string, format: 'html'): Promise<string>;
  async invoice(userId: string, id: string, format: 'pdf'): Promise<{ number: string; pdf: Buffer }>;
  async invoice(
    userId: string,
    id: string,
    format: 'html' | 'pdf',
  ): Promise<string | { number: string; pdf: Buffer }> {
    const p = await this.owned(userId, id);
    if (!p.invoiceNumber || (p.status !== 'approved' && p.status !== 'refunded'))
      throw badRequest('invoice_unavailable', M.invoiceUnavailable);
    const user = await this.users.find(userId);
    const planName = (await this.planNames()).get(p.planId) ?? p.planId;
    const parties = {
      company: {
        name: this.config.COMPANY_NAME,
        taxId: this.config.COMPANY_TAX_ID,
        address: this.config.COMPANY_ADDRESS,
      },
      customer: { name: user.name, email: user.email },
    };
    if (format === 'html') return invoiceHtml(p, planName, parties);
    return { number: p.invoiceNumber, pdf: await invoicePdf(p, planName, parties) };
  }

  /**
   * The 7-day guarantee, asked by the user for their own payment: the first payment, within 7 days, refunded at
   * the provider; the plan ends now. Audited.
   */
  async refund(userId: string, id: string, client?: ClientInfo): Promise<PaymentResponse> {
    const p = await this.owned(userId, id);
    if (p.status !== 'approved' || !p.approvedAt || !p.providerPaymentId)
      throw badRequest('refund_window_closed', M.refundWindowClosed);
    const firstId = await this.firstPaidId(userId);
    const sub = await this.subscriptions.findByUser(userId);
    if (!sub) throw notFound('no_subscription', M.noSubscription);
    const now = new Date();
    const r = refundTransition(
      stateOf(sub),
      { approvedAt: p.approvedAt, isFirstPaid: firstId === p.id },
      now,
    );
    if (!r.ok) throw badRequest(r.code, r.message);
    await this.provider.refund(p.providerPaymentId);
    const { refunded, expired } = await this.uow.run(async (tx) => {
      const done = await this.payments.markRefunded(p.id, now, tx);
      if (!done) return { refunded: null, expired: [] };
      await this.subscriptions.save(userId, r.next, tx);
      return {
        refunded: done,
        expired: await this.payments.expirePendingForUser(userId, M.staleExpired, null, null, tx),
      };
    });
    await this.withdrawAtProvider(expired);
    if (refunded) {
      await this.audit.record('payment_refunded', {
        userId,
        ...(client ? { client } : {}),
        metadata: { paymentId: p.id, invoiceNumber: p.invoiceNumber, amountCents: p.amountCents },
      });
      const planName = (await this.planNames()).get(p.planId) ?? p.planId;
      this.sendTo(userId, (who) => refundedMail(who, refunded, planName), 'reembolso');
      await this.stopBots(userId, `refund:${p.id}`);
      this.pushSubscription(userId);
    }
    return this.view(userId, id);
  }

  // ------------------------------------------------------------------ webhooks

  /** POST /api/payments/webhook/:provider. The same path for the provider's notifications and the sandbox control. */
  async receiveWebhook(providerName: string, req: WebhookRequest): Promise<{ received: true }> {
    if (providerName !== this.provider.name) throw notFound('unknown_provider', MESSAGES.common.notFound);
    // Both providers sign every notification (x-signature): an unsigned call is refused, even one we would ignore.
    if (!headerOf(req.headers, 'x-signature'))
      throw unauthorized('webhook_signature', M.webhookSignatureInvalid);
    let n;
    try {
      n = await this.provider.readNotification(req);
    } catch (e) {
      if (e instanceof WebhookSignatureError)
        throw unauthorized('webhook_signature', M.webhookSignatureInvalid);
      throw e;
    }
    if (!n) return { received: true };
    const p = await this.payments.findByProviderPaymentId(this.provider.name, n.providerPaymentId);
    if (!p) return { received: true };
    if (n.status === 'approved') await this.approvePayment(p.id);
    else if (n.status === 'declined')
      await this.failPayment(p.id, 'declined', n.failureReason ?? M.declinedByIssuer);
    else if (n.status === 'expired') await this.failPayment(p.id, 'expired', n.failureReason ?? M.expired);
    return { received: true };
  }

  /** The sandbox control ('Simular pagamento aprovado' / 'Simular recusa' / 'Simular expiração'). */
  async sandboxAction(userId: string, id: string, action: SandboxAction): Promise<PaymentResponse> {
    if (!(this.provider instanceof SandboxPaymentProvider)) throw notFound('sandbox_only', M.sandboxOnly);
    const p = await this.owned(userId, id);
    if (p.provider !== 'sandbox' || !p.providerPaymentId) throw badRequest('sandbox_only', M.sandboxOnly);
    if (p.status !== 'pending') throw conflict('not_pending', M.notPending);
    const status = action === 'approve' ? 'approved' : action === 'decline' ? 'declined' : 'expired';
    const notification = await this.provider.decide(p.providerPaymentId, status);
    await this.receiveWebhook('sandbox', notification);
    return this.view(userId, id);
  }

  // ------------------------------------------------------------------ transitions (each happens once)

  /**
   * pending → approved and the subscription → active for the period bought, in one transaction under the
   * payment's row lock: a second delivery (or a second process) finds it approved and changes nothing.
   */
  async approvePayment(paymentId: string, now = new Date()): Promise<PaymentRecord | null> {
    const outcome = await this.uow.run(async (tx) => {
      const p = await this.payments.lockById(paymentId, tx);
      if (!p || p.status === 'approved' || p.status === 'refunded') return null;
      const sub = await this.subscriptions.findByUser(p.userId, tx, true);
      if (!sub) return null;
      // Paid after what it was quoted for changed (or after we withdrew it): never applied, the money given back.
      // The provider's refund comes first: if it fails, nothing changes here and the provider's retry comes back.
      if (p.status !== 'pending' || isStale(p.kind, p.quoteBasis as QuoteBasis | null, stateOf(sub), now)) {
        if (p.amountCents > 0 && p.providerPaymentId) await this.provider.refund(p.providerPaymentId);
        const stale = await this.payments.markStaleRefunded(p.id, M.staleRefunded, now, tx);
        return stale ? { stale } : null;
      }
      const quoted = p.quoteBasis?.['quotedPeriodStart'];
      const bought = {
        kind: p.kind,
        planId: p.planId,
        billing: p.billing,
        quotedStart: typeof quoted === 'string' ? new Date(quoted) : null,
      };
      const period = periodBought(stateOf(sub), bought, now);
      const approved = await this.payments.markApproved(p.id, period, now, tx);
      if (!approved) return null;
      await this.subscriptions.save(p.userId, applyApprovedPayment(stateOf(sub), bought, period), tx);
      // The subscription changed: every other open charge of the user was quoted for the old state.
      const expired = await this.payments.expirePendingForUser(
        p.userId,
        M.replacedByApproved,
        p.id,
        null,
        tx,
      );
      return { approved, expired };
    });
    if (!outcome) return null;
    if (outcome.stale) {
      await this.staleRefunded(outcome.stale);
      return null;
    }
    await this.withdrawAtProvider(outcome.expired);
    const result = outcome.approved;
    // A card paid in the browser (its token is still there) is saved for the renewals; off-session ones have none.
    await this.saveCardOf(result);
    const planName = (await this.planNames()).get(result.planId) ?? result.planId;
    this.logger.info(
      { paymentId, userId: result.userId, invoice: result.invoiceNumber },
      'pagamento aprovado',
    );
    this.sendTo(
      result.userId,
      (who) => paymentApprovedMail(who, result, planName, this.config.appUrl),
      'pagamento aprovado',
    );
    await this.notifyPayment(result, planName, '/dashboard?tab=subscription');
    await this.pushPayment(result, M.activated(planName));
    this.pushSubscription(result.userId);
    return result;
  }

  async failPayment(
    paymentId: string,
    status: 'declined' | 'expired',
    reason: string,
  ): Promise<PaymentRecord | null> {
    const done =
      status === 'declined'
        ? await this.payments.markDeclined(paymentId, reason)
        : await this.payments.markExpired(paymentId, reason);
    if (!done) return null;
    const planName = (await this.planNames()).get(done.planId) ?? done.planId;
    this.sendTo(
      done.userId,
      (who) => paymentFailedMail(who, done, planName, this.config.appUrl),
      'pagamento recusado',
    );
    await this.notifyPayment(done, planName, `/payment?plan=${done.planId}&billing=${done.billing}`);
    await this.pushPayment(done, null);
    return done;
  }

  /** The bell (and Telegram, if chosen) hears of a payment's outcome; its email went out above. Once per payment and status. */
  private async notifyPayment(p: PaymentRecord, planName: string, link: string): Promise<void> {
    await this.notifyQuietly({
      key: `billing:payment:${p.id}:${p.status}`,
      userId: p.userId,
      event: 'billing',
      params: { kind: `payment.${p.status}`, ...paymentNotice(p, planName), link, emailed: true },
      occurredAt: new Date().toISOString(),
    });
  }

  /**
   * Lapsed subscriptions (trial/period ended unpaid → past_due, or → canceled): bots stop, banner, and the user is
   * told through the notification service (in-app, email… per their settings): one 'bot.stopped' (cause
   * 'subscription') per bot stopped, or, when none was running, one 'billing' notice of the lapse.
   */
  async onLapsed(lapsed: { userId: string; status: SubscriptionStatus }[]): Promise<void> {
    for (const { userId, status } of lapsed) {
      // A prorated upgrade was priced for the period that just ended: withdrawn (full-price charges stay payable).
      await this.withdrawAtProvider(
        await this.payments.expirePendingForUser(userId, M.staleExpired, null, ['upgrade']),
      );
      const sub = await this.subscriptions.findByUser(userId);
      // Each lapse happens once per period end: the notification keys name it.
      const lapse = `lapse:${sub?.currentPeriodEnd.toISOString() ?? 'none'}`;
      const stopped = await this.stopBots(userId, lapse);
      if (stopped === 0 && (status === 'past_due' || status === 'canceled')) {
        const notice = lapsedNotice(status);
        await this.notifyQuietly({
          key: `billing:${lapse}:${userId}:${status}`,
          userId,
          event: 'billing',
          params: { kind: 'subscription.lapsed', ...notice, link: '/payment' },
          occurredAt: new Date().toISOString(),
        });
      }
      this.pushSubscription(userId);
    }
  }

  // ------------------------------------------------------------------ the billing job

  /** One run of the repeatable billing job (several processes: each step is a conditional update). */
  async tick(now = new Date()): Promise<void> {
    for (const p of await this.payments.listOverduePending(now)) {
      await this.failPayment(p.id, 'expired', M.expired);
    }
    await this.renewals(now);
    await this.subscriptionRecords.sweep(this.provider.name);
  }

  /** Renewals: card on file charged at the period end; PIX/boleto issued and mailed 3 days ahead. */
  async renewals(now = new Date()): Promise<void> {
    const horizon = new Date(now.getTime() + 3 * 86_400_000);
    for (const sub of await this.subscriptions.listRenewing(horizon)) {
      try {
        await this.renewOne(sub.userId, now);
      } catch (e) {
        this.logger.error({ err: e, userId: sub.userId }, 'falha na renovação');
      }
    }
  }

  private async renewOne(userId: string, now: Date): Promise<void> {
    const saved = await this.savedCardOf(userId);
    const last = (await this.payments.listApprovedForUser(userId)).at(-1);
    const boletoCpf = last?.method === 'boleto' ? await this.payments.latestBoletoCpf(userId) : null;
    const prices = await this.subscriptions.listPrices();
    // Decided and recorded under the subscription's row lock: a second process sees the pending renewal (or the
    // declined card renewal of this period end) and does nothing.
    const created = await this.uow.run(async (tx) => {
      const sub = await this.subscriptions.findByUser(userId, tx, true);
      if (!sub) return null;
      const pending = (await this.payments.findPendingForUser(userId, tx)).some((p) => p.kind === 'renewal');
      const cardDeclined =
        saved !== null && (await this.payments.hasDeclinedCardRenewalSince(userId, sub.currentPeriodEnd, tx));
      const step = renewalStep(
        stateOf(sub),
        { hasCardOnFile: saved !== null, hasPendingRenewal: pending, cardDeclined },
        now,
      );
      if (step.action === 'none') return null;
      const amountCents = this.plan(prices, step.planId)[
        step.billing === 'yearly' ? 'yearlyCents' : 'monthlyCents'
      ];
      const byCard = step.action === 'charge_card' && saved !== null;
      const method = byCard ? 'card' : boletoCpf ? 'boleto' : 'pix';
      return this.payments.create(
        {
          userId,
          planId: step.planId,
          billing: step.billing,
          kind: 'renewal',
          amountCents,
          method,
          provider: this.provider.name,
          cardBrand: byCard ? saved.cardBrand : null,
          cardLast4: byCard ? saved.cardLast4 : null,
          payerCpf: method === 'boleto' ? boletoCpf : null,
          quoteBasis: { ...quoteBasis(stateOf(sub), now) },
        },
        tx,
      );
    });
    if (!created) return;
    const payer = await this.payer(userId, created.payerCpf);
    if (created.method === 'card' && saved) {
      // Off-session: the saved card charged server-side, through the same ledger, webhook path and machine.
      let result;
      try {
        result = await this.provider.chargeStoredCard({
          payment: created,
          payer,
          stored: storedCardOf(saved),
        });
      } catch (e) {
        this.logger.error({ err: e, paymentId: created.id }, 'provedor de pagamento falhou na renovação');
        await this.failPayment(created.id, 'declined', M.providerUnavailable);
        return;
      }
      await this.payments.attachCharge(created.id, result);
      if (result.status === 'approved') await this.approvePayment(created.id, now);
      else if (result.status === 'declined')
        await this.failPayment(created.id, 'declined', result.failureReason ?? M.declinedByIssuer);
      return;
    }
    const charged = await this.charge(created, payer);
    const planName = this.plan(prices, charged.planId).name;
    this.sendTo(
      userId,
      (who) => chargeIssuedMail(who, charged, planName, this.config.appUrl, true),
      'renovação emitida',
    );
  }

  // ------------------------------------------------------------------ helpers

  private async charge(
    payment: PaymentRecord,
    payer: Payer,
    card?: CreatePaymentRequest['card'],
  ): Promise<PaymentRecord> {
    let result;
    try {
      result = await this.provider.createCharge({ payment, payer, ...(card ? { card } : {}) });
    } catch (e) {
      this.logger.error({ err: e, paymentId: payment.id }, 'provedor de pagamento falhou');
      await this.payments.markDeclined(payment.id, M.providerUnavailable);
      throw new AppError(503, 'provider_unavailable', M.providerUnavailable);
    }
    const attached = (await this.payments.attachCharge(payment.id, result)) ?? payment;
    if (result.status === 'approved') return (await this.approvePayment(payment.id)) ?? attached;
    if (result.status === 'declined')
      return (
        (await this.failPayment(payment.id, 'declined', result.failureReason ?? M.declinedByIssuer)) ??
        attached
      );
    if (attached.method !== 'card' && payment.kind !== 'renewal') {
      const planName = (await this.planNames()).get(attached.planId) ?? attached.planId;
      this.sendTo(
        attached.userId,
        (who) => chargeIssuedMail(who, attached, planName, this.config.appUrl, false),
        'cobrança emitida',
      );
    }
    return attached;
  }

  /**
   * Charges expired here because the subscription changed are withdrawn at the provider too, so they can no longer
   * be paid (best effort: one the payer paid in the meantime is refunded when its approval arrives).
   */
  private async withdrawAtProvider(expired: PaymentRecord[]): Promise<void> {
    for (const p of expired) {
      if (p.providerPaymentId && p.amountCents > 0) {
        try {
          if (!(await this.provider.cancelCharge(p.providerPaymentId)))
            this.logger.warn(
              { paymentId: p.id },
              'cobrança já decidida no provedor: um pagamento será estornado',
            );
        } catch (e) {
          this.logger.error({ err: e, paymentId: p.id }, 'não foi possível cancelar a cobrança no provedor');
        }
      }
      await this.pushPayment(p, null);
    }
  }

  /** A stale charge refunded: the user is told (screen and email), and the ledger keeps the reason. */
  private async staleRefunded(p: PaymentRecord): Promise<void> {
    this.logger.warn({ paymentId: p.id, userId: p.userId }, 'pagamento de cobrança desatualizada estornado');
    await this.audit.record('payment_refunded', {
      userId: p.userId,
      metadata: { paymentId: p.id, amountCents: p.amountCents, reason: 'stale_quote' },
    });
    const planName = (await this.planNames()).get(p.planId) ?? p.planId;
    this.sendTo(p.userId, (who) => staleRefundedMail(who, p, planName, this.config.appUrl), 'estorno');
    await this.pushPayment(p, M.staleRefunded);
  }

  /** Stops the user's running bots ('Assinatura vencida'); each one is notified as 'bot.stopped' by the subscription. */
  private async stopBots(userId: string, why: string): Promise<number> {
    const stopped = await this.bots.stopAllForUser(userId, M.lapsedReason);
    if (stopped.length > 0)
      this.logger.info({ userId, bots: stopped.length }, 'bots parados: assinatura vencida');
    for (const bot of stopped)
      await this.notifyQuietly({
        key: `bot.stopped:${bot.id}:subscription:${why}`,
        userId,
        event: 'bot.stopped',
        params: { botId: bot.id, botName: bot.name, cause: 'subscription', reason: M.lapsedReason },
        occurredAt: new Date().toISOString(),
      });
    return stopped.length;
  }

  /** A notification that cannot be queued is logged; the transition it reports has happened anyway. */
  private async notifyQuietly(job: NotificationJob): Promise<void> {
    try {
      await this.notifications.notify(job);
    } catch (e) {
      this.logger.error({ err: e, key: job.key }, 'falha ao enfileirar a notificação');
    }
  }

  /** The user's first paid payment (the one the 7-day guarantee may refund). */
  private async firstPaidId(userId: string): Promise<string | null> {
    return (await this.payments.listApprovedForUser(userId))[0]?.id ?? null;
  }

  private async owned(userId: string, id: string): Promise<PaymentRecord> {
    const p = UUID.test(id) ? await this.payments.findForUser(userId, id) : null;
    if (!p) throw notFound('payment_not_found', M.paymentNotFound);
    return p;
  }

  private async view(userId: string, id: string): Promise<PaymentResponse> {
    const p = await this.owned(userId, id);
    return toPaymentResponse(
      p,
      (await this.planNames()).get(p.planId) ?? p.planId,
      await this.firstPaidId(userId),
    );
  }

  private plan(prices: PlanPriceRecord[], id: PlanId): PlanPriceRecord {
    const plan = prices.find((p) => p.id === id);
    if (!plan) throw badRequest('plan_invalid', M.planInvalid);
    return plan;
  }

  private async planNames(): Promise<Map<PlanId, string>> {
    return new Map((await this.subscriptions.listPrices()).map((p) => [p.id, p.name]));
  }

  private quoteView(q: Quote, planName: string): CheckoutQuote {
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

  private async payer(userId: string, cpf: string | null = null): Promise<Payer> {
    const u = await this.users.find(userId);
    return { userId, email: u.email, name: u.name, cpf };
  }

  private sendTo(
    userId: string,
    build: (who: { email: string; name: string }) => MailMessage,
    what: string,
  ): void {
    this.users
      .find(userId)
      .then((u) => this.mail.sendInBackground(build({ email: u.email, name: u.name }), what))
      .catch((e: unknown) => this.logger.error({ err: e, what }, 'falha ao preparar email'));
  }

  private async pushPayment(p: PaymentRecord, message: string | null): Promise<void> {
    const payment = await toPaymentResponse(
      p,
      (await this.planNames()).get(p.planId) ?? p.planId,
      await this.firstPaidId(p.userId),
    );
    this.events.toUser(p.userId, EVENTS.paymentUpdated, { payment, message });
  }

  private pushSubscription(userId: string): void {
    this.subscriptions
      .findByUser(userId)
      .then((s) => {
        if (s) this.events.toUser(userId, EVENTS.subscriptionUpdated, { status: s.status, planId: s.planId });
      })
      .catch((e: unknown) => this.logger.error({ err: e }, 'falha ao avisar a assinatura'));
  }
}
