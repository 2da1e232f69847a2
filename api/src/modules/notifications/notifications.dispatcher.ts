import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Job, Worker } from 'bullmq';
import type { Logger } from 'pino';
import { NotificationsRepository, systemActingFor, type NotificationRecipient, type OwnerId } from '@arbitra/db';
import {
  EVENTS,
  NOTIFICATION_CHANNELS,
  QUEUES,
  type DailySummaryJob,
  type NotificationChannel,
  type NotificationJob,
} from '@arbitra/contracts';
import { BrowserEvents, type QueueFactory } from '@arbitra/transport';
import { PINO_LOGGER } from '../../common/logging/logger.js';
import { API_CONFIG, type ApiConfig } from '../../config/config.js';
import { QUEUE_FACTORY } from '../../transport/transport.providers.js';
import { MailService } from '../mail/mail.service.js';
import { notificationMail } from '../mail/templates.js';
import { eventLabel, notificationContent, type NotificationContent } from './notification-content.js';
import { NotificationsService, toAppNotification } from './notifications.service.js';
import { TelegramService } from './telegram.service.js';

/** Delivery journal rows are history after this many days. */
const DELIVERIES_KEPT_DAYS = 30;

export type ChannelOutcome = 'sent' | 'suppressed' | 'duplicate' | 'off' | 'unavailable';

/**
 * Works QUEUES.notifications (every api instance may; BullMQ gives each job to one): 'notify' delivers one
 * notification on each enabled channel, 'daily-summary' fans a day's summary out to every user with figures.
 *
 * Per channel: claim (key, channel) in the delivery journal (never twice), then the rate limit of the
 * event's topic (a burst becomes one message), then send. A failed send gives its claim and slot back and
 * the job fails, so BullMQ retries it with backoff; channels already delivered are not sent again.
 */
@Injectable()
export class NotificationsDispatcher implements OnApplicationBootstrap, OnModuleDestroy {
  private worker?: Worker;

  constructor(
    @Inject(QUEUE_FACTORY) private readonly queues: QueueFactory,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(PINO_LOGGER) private readonly logger: Logger,
    private readonly repo: NotificationsRepository,
    private readonly notifications: NotificationsService,
    private readonly mail: MailService,
    private readonly telegram: TelegramService,
    private readonly events: BrowserEvents,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = this.queues.worker(
      QUEUES.notifications,
      async (job: Job) => {
        if (job.name === 'daily-summary') return this.dailySummary((job.data as DailySummaryJob).date);
        return this.deliver(job.data as NotificationJob);
      },
      { concurrency: 4 },
    );
    this.worker.on('error', (e) => this.logger.warn({ err: e }, 'notifications worker'));
    this.worker.on('failed', (job, e) =>
      this.logger.warn(
        { err: e, key: (job?.data as NotificationJob | undefined)?.key, attempt: job?.attemptsMade },
        'notificação não entregue',
      ),
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
  }

  /** Delivers one notification; answers what happened on each channel. */
  async deliver(job: NotificationJob): Promise<Record<NotificationChannel, ChannelOutcome>> {
    const outcome: Record<NotificationChannel, ChannelOutcome> = {
      inApp: 'off',
      email: 'off',
      telegram: 'off',
    };
    // The system acts for the user the job names (the job was queued for them by the api or the engine).
    const owner = systemActingFor(job.userId);
    const user = await this.repo.recipient(owner);
    if (!user) return outcome; // the account is gone
    const enabled = await this.notifications.channelsFor(owner, job.event);
    const content = notificationContent(job);
    let failure: Error | null = null;
    for (const channel of NOTIFICATION_CHANNELS) {
      if (!enabled.has(channel)) continue;
      if (channel === 'email' && job.event === 'billing' && job.params.emailed) continue;
      if (channel === 'telegram' && (!this.telegram.available || !user.telegramChatId)) {
        outcome.telegram = 'unavailable';
        continue;
      }
      if (!(await this.repo.claimDelivery(job.key, channel, owner))) {
        outcome[channel] = 'duplicate';
        continue;
      }
      if (
        content.topic &&
        !(await this.repo.takeSlot(
          owner,
          channel,
          content.topic,
          this.config.NOTIFICATION_RATE_WINDOW_SECONDS,
        ))
      ) {
        await this.repo.finishDelivery(job.key, channel, 'suppressed');
        outcome[channel] = 'suppressed';
        continue;
      }
      try {
        const sent = await this.send(channel, job, content, user, owner);
        await this.repo.finishDelivery(job.key, channel, sent ? 'sent' : 'skipped');
        outcome[channel] = sent ? 'sent' : 'unavailable';
      } catch (e) {
        await this.repo.releaseDelivery(job.key, channel);
        if (content.topic) await this.repo.releaseSlot(owner, channel, content.topic);
        failure ??= e instanceof Error ? e : new Error('falha ao enviar a notificação');
      }
    }
    if (failure) throw failure;
    return outcome;
  }

  private async send(
    channel: NotificationChannel,
    job: NotificationJob,
    c: NotificationContent,
    user: NotificationRecipient,
    owner: OwnerId,
  ): Promise<boolean> {
    const url = c.link ? `${this.config.appUrl}${c.link}` : null;
    switch (channel) {
      case 'inApp': {
        const row = await this.repo.addInApp(owner, {
          key: job.key,
          event: job.event,
          title: c.title,
          body: c.body,
          link: c.link,
        });
        if (!row) return false;
        const unread = await this.repo.unreadCount(owner);
        this.events.toUser(job.userId, EVENTS.notificationNew, {
          notification: toAppNotification(row),
          unread,
        });
        return true;
      }
      case 'email':
        await this.mail.send(
          notificationMail(user.email, user.name, {
            title: c.title,
            body: c.body,
            url,
            eventLabel: eventLabel(job.event),
            unsubscribeUrl: this.notifications.unsubscribeUrl(owner, job.event),
          }),
        );
        return true;
      case 'telegram':
        return (
          (await this.telegram.send(
            user.telegramChatId!,
            [c.title, '', c.body, ...(url ? ['', url] : [])].join('\n'),
          )) === 'sent'
        );
    }
  }

  /** One São Paulo day's summary for every user with trades that day or a running bot. Idempotent per user and day. */
  async dailySummary(date: string): Promise<number> {
    const figures = await this.repo.dailyFigures(date);
    for (const f of figures) {
      await this.notifications.notify({
        key: `daily.summary:${f.userId}:${date}`,
        userId: f.userId,
        event: 'daily.summary',
        params: { date, trades: f.trades, profitBrl: f.profitBrl, botsRunning: f.botsRunning },
        occurredAt: new Date().toISOString(),
      });
    }
    await this.repo.pruneDeliveries(DELIVERIES_KEPT_DAYS);
    return figures.length;
  }
}
