import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { EVENTS, MESSAGES, type NotificationJob } from '@arbitra/contracts';
import { SubscriptionsRepository, type PaymentRecord, type OwnerId } from '@arbitra/db';
import { BrowserEvents } from '@arbitra/transport';
import { PINO_LOGGER } from '../../common/logging/logger.js';
import { API_CONFIG, type ApiConfig } from '../../config/config.js';
import { BotsService } from '../bots/bots.service.js';
import { MailService, type MailMessage } from '../mail/mail.service.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { paymentNotice } from './billing-mails.js';
import { BillingReads } from './billing-reads.js';

const M = MESSAGES.payments;

/** How billing tells the user what happened: email, the bell (notification service) and the socket pushes. */
@Injectable()
export class BillingNotices {
  constructor(
    private readonly reads: BillingReads,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly bots: BotsService,
    private readonly mailer: MailService,
    private readonly notifications: NotificationsService,
    private readonly events: BrowserEvents,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(PINO_LOGGER) private readonly logger: Logger,
  ) {}

  /** An email built for the user (and the app's address), sent in the background; a failure is logged. */
  mail(
    userId: OwnerId,
    build: (who: { email: string; name: string }, appUrl: string) => MailMessage,
    what: string,
  ): void {
    this.reads
      .payer(userId)
      .then((u) =>
        this.mailer.sendInBackground(build({ email: u.email, name: u.name }, this.config.appUrl), what),
      )
      .catch((e: unknown) => this.logger.error({ err: e, what }, 'falha ao preparar email'));
  }

  /** A notification that cannot be queued is logged; the transition it reports has happened anyway. */
  async notify(job: NotificationJob): Promise<void> {
    try {
      await this.notifications.notify(job);
    } catch (e) {
      this.logger.error({ err: e, key: job.key }, 'falha ao enfileirar a notificação');
    }
  }

  /** The bell (and Telegram, if chosen) hears of a payment's outcome; its email went out already. Once per payment and status. */
  async paymentOutcome(p: PaymentRecord, planName: string, link: string): Promise<void> {
    await this.notify({
      key: `billing:payment:${p.id}:${p.status}`,
      userId: p.userId,
      event: 'billing',
      params: { kind: `payment.${p.status}`, ...paymentNotice(p, planName), link, emailed: true },
      occurredAt: new Date().toISOString(),
    });
  }

  async pushPayment(p: PaymentRecord, message: string | null): Promise<void> {
    const payment = await this.reads.response(p);
    this.events.toUser(p.userId, EVENTS.paymentUpdated, { payment, message });
  }

  pushSubscription(userId: OwnerId): void {
    this.subscriptions
      .findByUser(userId)
      .then((s) => {
        if (s)
          this.events.toUser(userId, EVENTS.subscriptionUpdated, { status: s.status, planId: s.planId });
      })
      .catch((e: unknown) => this.logger.error({ err: e }, 'falha ao avisar a assinatura'));
  }

  /** Stops the user's running bots ('Assinatura vencida'); each one is notified as 'bot.stopped' by the subscription. */
  async stopBots(userId: OwnerId, why: string): Promise<number> {
    const stopped = await this.bots.stopAllForUser(userId, M.lapsedReason);
    if (stopped.length > 0)
      this.logger.info({ userId, bots: stopped.length }, 'bots parados: assinatura vencida');
    for (const bot of stopped)
      await this.notify({
        key: `bot.stopped:${bot.id}:subscription:${why}`,
        userId,
        event: 'bot.stopped',
        params: { botId: bot.id, botName: bot.name, cause: 'subscription', reason: M.lapsedReason },
        occurredAt: new Date().toISOString(),
      });
    return stopped.length;
  }
}
