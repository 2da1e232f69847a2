import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { MESSAGES, type PaymentResponse, type StoredCardResponse } from '@arbitra/contracts';
import { PaymentsRepository, SubscriptionsRepository, UnitOfWork, type OwnerId } from '@arbitra/db';
import { badRequest, notFound } from '../../common/errors/app-error.js';
import type { ClientInfo } from '../../common/http/request-context.js';
import { AuditService } from '../audit/audit.service.js';
import { AccountDataRegistry } from '../users/account-data.registry.js';
import { refundedMail } from './billing-mails.js';
import { BillingNotices } from './billing-notices.js';
import { BillingReads } from './billing-reads.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './payment-provider.js';
import { PaymentOutcomes } from './payment-outcomes.js';
import { SandboxPaymentProvider } from './sandbox.provider.js';
import { SavedCards, storedCardOf } from './saved-cards.js';
import { refund as refundTransition } from './subscription-machine.js';

const M = MESSAGES.payments;

/** The saved card (shown, removed, its sandbox issuer set) and the 7-day guarantee's refund. */
@Injectable()
export class CardsAndRefundsService implements OnModuleInit {
  constructor(
    private readonly cards: SavedCards,
    private readonly payments: PaymentsRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly uow: UnitOfWork,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly reads: BillingReads,
    private readonly outcomes: PaymentOutcomes,
    private readonly notices: BillingNotices,
    private readonly audit: AuditService,
    private readonly accountData: AccountDataRegistry,
  ) {}

  onModuleInit(): void {
    // LGPD: 'Exportar meus dados' includes the payments (CPF masked) and the saved card (brand + last 4); deleting the
    // account deletes the saved card at the provider too.
    this.accountData.addExporter('payments', (userId) => this.reads.history(userId));
    this.accountData.addExporter('savedCard', async (userId) => (await this.storedCard(userId)).card);
    this.accountData.beforeDelete(async (userId) => void (await this.cards.remove(userId)));
  }

  /** GET /api/user/payment-method: brand + last 4 of the card renewals charge (null: renewals by PIX/boleto). */
  async storedCard(userId: OwnerId): Promise<StoredCardResponse> {
    const m = await this.cards.of(userId);
    if (!m) return { card: null };
    const sandbox = this.provider instanceof SandboxPaymentProvider ? this.provider : null;
    return {
      card: {
        brand: m.cardBrand,
        last4: m.cardLast4,
        savedAt: m.createdAt.toISOString(),
        sandboxDeclines: sandbox ? ((await sandbox.cardDeclines(storedCardOf(m))) ?? true) : null,
      },
    };
  }

  /** DELETE /api/user/payment-method: removed here and at the provider (audited); renewals fall back to PIX/boleto. */
  async removeStoredCard(userId: OwnerId, client?: ClientInfo): Promise<{ message: string }> {
    const removed = await this.cards.remove(userId);
    // Idempotent: nothing saved (or removed already) is not an error.
    if (!removed) return { message: M.storedCardNotFound };
    await this.audit.record('payment_method_removed', {
      userId,
      ...(client ? { client } : {}),
      metadata: { brand: removed.cardBrand, last4: removed.cardLast4 },
    });
    return { message: M.storedCardRemoved };
  }

  /** Sandbox only: how its issuer answers the next renewals charged to the saved card ('Simular recusa'). */
  async storedCardSandbox(userId: OwnerId, action: 'approve' | 'decline'): Promise<StoredCardResponse> {
    if (!(this.provider instanceof SandboxPaymentProvider)) throw notFound('sandbox_only', M.sandboxOnly);
    const m = await this.cards.of(userId);
    if (!m) throw notFound('stored_card_not_found', M.storedCardNotFound);
    await this.provider.setCardDeclines(storedCardOf(m), action === 'decline');
    return this.storedCard(userId);
  }

  /**
   * The 7-day guarantee, asked by the user for their own payment: the first payment, within 7 days, refunded at
   * the provider; the plan ends now. Audited.
   */
  async refund(userId: OwnerId, id: string, client?: ClientInfo): Promise<PaymentResponse> {
    const p = await this.reads.owned(userId, id);
    if (p.status !== 'approved' || !p.approvedAt || !p.providerPaymentId)
      throw badRequest('refund_window_closed', M.refundWindowClosed);
    const firstId = await this.reads.firstPaidId(userId);
    const sub = await this.subscriptions.findByUser(userId);
    if (!sub) throw notFound('no_subscription', M.noSubscription);
    const now = new Date();
    const r = refundTransition(sub, { approvedAt: p.approvedAt, isFirstPaid: firstId === p.id }, now);
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
    await this.outcomes.withdraw(expired);
    if (refunded) {
      await this.audit.record('payment_refunded', {
        userId,
        ...(client ? { client } : {}),
        metadata: { paymentId: p.id, invoiceNumber: p.invoiceNumber, amountCents: p.amountCents },
      });
      const planName = await this.reads.planName(p.planId);
      this.notices.mail(userId, (who) => refundedMail(who, refunded, planName), 'reembolso');
      await this.notices.stopBots(userId, `refund:${p.id}`);
      this.notices.pushSubscription(userId);
    }
    return this.reads.view(userId, id);
  }
}
