import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import { MESSAGES, type SubscriptionStatus } from '@arbitra/contracts';
import { PaymentsRepository, SubscriptionsRepository, UnitOfWork, type OwnerId } from '@arbitra/db';
import { PINO_LOGGER } from '../../common/logging/logger.js';
import { SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import { chargeIssuedMail, lapsedNotice } from './billing-mails.js';
import { BillingNotices } from './billing-notices.js';
import { BillingReads, planOf } from './billing-reads.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './payment-provider.js';
import { PaymentOutcomes } from './payment-outcomes.js';
import { SavedCards, storedCardOf } from './saved-cards.js';
import { priceOf, quoteBasis, renewalStep } from './subscription-machine.js';

const M = MESSAGES.payments;

/** The billing job: overdue charges expired, renewals (card off-session, PIX/boleto mailed ahead), lapses. */
@Injectable()
export class RenewalsService implements OnModuleInit {
  constructor(
    private readonly payments: PaymentsRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly uow: UnitOfWork,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly subscriptionRecords: SubscriptionsService,
    private readonly cards: SavedCards,
    private readonly reads: BillingReads,
    private readonly outcomes: PaymentOutcomes,
    private readonly notices: BillingNotices,
    @Inject(PINO_LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.subscriptionRecords.onLapsed((lapsed) => this.onLapsed(lapsed));
  }

  /** One run of the repeatable billing job (several processes: each step is a conditional update). */
  async tick(now = new Date()): Promise<void> {
    for (const p of await this.payments.listOverduePending(now))
      await this.outcomes.fail(p.id, 'expired', M.expired);
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

  private async renewOne(userId: OwnerId, now: Date): Promise<void> {
    const saved = await this.cards.of(userId);
    const last = (await this.payments.listApprovedForUser(userId)).at(-1);
    const boletoCpf = last?.method === 'boleto' ? await this.payments.latestBoletoCpf(userId) : null;
    const prices = await this.reads.prices();
    // Decided and recorded under the subscription's row lock: a second process sees the pending renewal (or the
    // declined card renewal of this period end) and does nothing.
    const created = await this.uow.run(async (tx) => {
      const sub = await this.subscriptions.findByUser(userId, tx, true);
      if (!sub) return null;
      const pending = (await this.payments.findPendingForUser(userId, tx)).some((p) => p.kind === 'renewal');
      const cardDeclined =
        saved !== null && (await this.payments.hasDeclinedCardRenewalSince(userId, sub.currentPeriodEnd, tx));
      const step = renewalStep(
        sub,
        { hasCardOnFile: saved !== null, hasPendingRenewal: pending, cardDeclined },
        now,
      );
      if (step.action === 'none') return null;
      const byCard = step.action === 'charge_card' && saved !== null;
      const method = byCard ? 'card' : boletoCpf ? 'boleto' : 'pix';
      return this.payments.create(
        {
          userId,
          planId: step.planId,
          billing: step.billing,
          kind: 'renewal',
          amountCents: priceOf(planOf(prices, step.planId), step.billing),
          method,
          provider: this.provider.name,
          cardBrand: byCard ? saved.cardBrand : null,
          cardLast4: byCard ? saved.cardLast4 : null,
          payerCpf: method === 'boleto' ? boletoCpf : null,
          quoteBasis: { ...quoteBasis(sub, now) },
        },
        tx,
      );
    });
    if (!created) return;
    const payer = await this.reads.payer(userId, created.payerCpf);
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
        await this.outcomes.fail(created.id, 'declined', M.providerUnavailable);
        return;
      }
      await this.payments.attachCharge(created.id, result);
      if (result.status === 'approved') await this.outcomes.approve(created.id, now);
      else if (result.status === 'declined')
        await this.outcomes.fail(created.id, 'declined', result.failureReason ?? M.declinedByIssuer);
      return;
    }
    const charged = await this.outcomes.charge(created, payer);
    const planName = planOf(prices, charged.planId).name;
    this.notices.mail(
      userId,
      (who, url) => chargeIssuedMail(who, charged, planName, url, true),
      'renovação emitida',
    );
  }

  /**
   * Lapsed subscriptions (trial/period ended unpaid → past_due, or → canceled): bots stop, banner, and the user is
   * told through the notification service (in-app, email… per their settings): one 'bot.stopped' (cause
   * 'subscription') per bot stopped, or, when none was running, one 'billing' notice of the lapse.
   */
  async onLapsed(lapsed: { userId: OwnerId; status: SubscriptionStatus }[]): Promise<void> {
    for (const { userId, status } of lapsed) {
      // A prorated upgrade was priced for the period that just ended: withdrawn (full-price charges stay payable).
      await this.outcomes.withdraw(
        await this.payments.expirePendingForUser(userId, M.staleExpired, null, ['upgrade']),
      );
      const sub = await this.subscriptions.findByUser(userId);
      // Each lapse happens once per period end: the notification keys name it.
      const lapse = `lapse:${sub?.currentPeriodEnd.toISOString() ?? 'none'}`;
      const stopped = await this.notices.stopBots(userId, lapse);
      if (stopped === 0 && (status === 'past_due' || status === 'canceled')) {
        await this.notices.notify({
          key: `billing:${lapse}:${userId}:${status}`,
          userId,
          event: 'billing',
          params: { kind: 'subscription.lapsed', ...lapsedNotice(status), link: '/payment' },
          occurredAt: new Date().toISOString(),
        });
      }
      this.notices.pushSubscription(userId);
    }
  }
}
