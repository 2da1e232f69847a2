import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { MESSAGES, type CreatePaymentRequest } from '@arbitra/contracts';
import { PaymentsRepository, SubscriptionsRepository, UnitOfWork, type PaymentRecord } from '@arbitra/db';
import { AppError, notFound, unauthorized } from '../../common/errors/app-error.js';
import { PINO_LOGGER } from '../../common/logging/logger.js';
import { AuditService } from '../audit/audit.service.js';
import {
  chargeIssuedMail,
  paymentApprovedMail,
  paymentFailedMail,
  staleRefundedMail,
} from './billing-mails.js';
import { BillingNotices } from './billing-notices.js';
import { BillingReads } from './billing-reads.js';
import {
  PAYMENT_PROVIDER,
  type PaymentProvider,
  type Payer,
  type WebhookRequest,
} from './payment-provider.js';
import { SavedCards } from './saved-cards.js';
import { WebhookSignatureError } from './sandbox.provider.js';
import { applyApprovedPayment, isStale, periodBought, type QuoteBasis } from './subscription-machine.js';
import { headerOf } from './webhook-signature.js';

const M = MESSAGES.payments;

/**
 * What a charge becomes, each transition once: sent to the provider, approved (the subscription → active for the
 * period bought), declined or expired, withdrawn, refunded when stale. Webhooks (idempotent: each payment changes
 * status once, under a row lock) land here.
 */
@Injectable()
export class PaymentOutcomes {
  constructor(
    private readonly payments: PaymentsRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly uow: UnitOfWork,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly cards: SavedCards,
    private readonly reads: BillingReads,
    private readonly notices: BillingNotices,
    private readonly audit: AuditService,
    @Inject(PINO_LOGGER) private readonly logger: Logger,
  ) {}

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
    if (n.status === 'approved') await this.approve(p.id);
    else if (n.status === 'declined')
      await this.fail(p.id, 'declined', n.failureReason ?? M.declinedByIssuer);
    else if (n.status === 'expired') await this.fail(p.id, 'expired', n.failureReason ?? M.expired);
    return { received: true };
  }

  /** A new charge sent to the provider; approved or declined at once is settled here, PIX/boleto is mailed. */
  async charge(
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
    if (result.status === 'approved') return (await this.approve(payment.id)) ?? attached;
    if (result.status === 'declined')
      return (
        (await this.fail(payment.id, 'declined', result.failureReason ?? M.declinedByIssuer)) ?? attached
      );
    if (attached.method !== 'card' && payment.kind !== 'renewal') {
      const planName = await this.reads.planName(attached.planId);
      this.notices.mail(
        attached.userId,
        (who, appUrl) => chargeIssuedMail(who, attached, planName, appUrl, false),
        'cobrança emitida',
      );
    }
    return attached;
  }

  /**
   * pending → approved and the subscription → active for the period bought, in one transaction under the
   * payment's row lock: a second delivery (or a second process) finds it approved and changes nothing.
   */
  async approve(paymentId: string, now = new Date()): Promise<PaymentRecord | null> {
    const outcome = await this.uow.run(async (tx) => {
      const p = await this.payments.lockById(paymentId, tx);
      if (!p || p.status === 'approved' || p.status === 'refunded') return null;
      const sub = await this.subscriptions.findByUser(p.userId, tx, true);
      if (!sub) return null;
      // Paid after what it was quoted for changed (or after we withdrew it): never applied, the money given back.
      // The provider's refund comes first: if it fails, nothing changes here and the provider's retry comes back.
      if (p.status !== 'pending' || isStale(p.kind, p.quoteBasis as QuoteBasis | null, sub, now)) {
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
      const period = periodBought(sub, bought, now);
      const approved = await this.payments.markApproved(p.id, period, now, tx);
      if (!approved) return null;
      await this.subscriptions.save(p.userId, applyApprovedPayment(sub, bought, period), tx);
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
    await this.withdraw(outcome.expired);
    const result = outcome.approved;
    // A card paid in the browser (its token is still there) is saved for the renewals; off-session ones have none.
    await this.cards.saveFrom(result);
    const planName = await this.reads.planName(result.planId);
    this.logger.info(
      { paymentId, userId: result.userId, invoice: result.invoiceNumber },
      'pagamento aprovado',
    );
    this.notices.mail(
      result.userId,
      (who, appUrl) => paymentApprovedMail(who, result, planName, appUrl),
      'pagamento aprovado',
    );
    await this.notices.paymentOutcome(result, planName, '/dashboard?tab=subscription');
    await this.notices.pushPayment(result, M.activated(planName));
    this.notices.pushSubscription(result.userId);
    return result;
  }

  async fail(
    paymentId: string,
    status: 'declined' | 'expired',
    reason: string,
  ): Promise<PaymentRecord | null> {
    const done =
      status === 'declined'
        ? await this.payments.markDeclined(paymentId, reason)
        : await this.payments.markExpired(paymentId, reason);
    if (!done) return null;
    const planName = await this.reads.planName(done.planId);
    this.notices.mail(
      done.userId,
      (who, appUrl) => paymentFailedMail(who, done, planName, appUrl),
      'pagamento recusado',
    );
    await this.notices.paymentOutcome(done, planName, `/payment?plan=${done.planId}&billing=${done.billing}`);
    await this.notices.pushPayment(done, null);
    return done;
  }

  /**
   * Charges expired here because the subscription changed are withdrawn at the provider too, so they can no longer
   * be paid (best effort: one the payer paid in the meantime is refunded when its approval arrives).
   */
  async withdraw(expired: PaymentRecord[]): Promise<void> {
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
      await this.notices.pushPayment(p, null);
    }
  }

  /** A stale charge refunded: the user is told (screen and email), and the ledger keeps the reason. */
  private async staleRefunded(p: PaymentRecord): Promise<void> {
    this.logger.warn({ paymentId: p.id, userId: p.userId }, 'pagamento de cobrança desatualizada estornado');
    await this.audit.record('payment_refunded', {
      userId: p.userId,
      metadata: { paymentId: p.id, amountCents: p.amountCents, reason: 'stale_quote' },
    });
    const planName = await this.reads.planName(p.planId);
    this.notices.mail(p.userId, (who, appUrl) => staleRefundedMail(who, p, planName, appUrl), 'estorno');
    await this.notices.pushPayment(p, M.staleRefunded);
  }
}
