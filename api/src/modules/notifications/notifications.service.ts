import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { NotificationsRepository, provenOwner, type NotificationRow } from '@arbitra/db';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  MESSAGES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENTS,
  QUEUES,
  notificationJobId,
  type AppNotification,
  type NotificationChannel,
  type NotificationEvent,
  type NotificationJob,
  type NotificationListResponse,
  type NotificationPreferences,
} from '@arbitra/contracts';
import type { QueueFactory } from '@arbitra/transport';
import { notFound } from '../../common/errors/app-error.js';
import { API_CONFIG, type ApiConfig } from '../../config/config.js';
import { QUEUE_FACTORY } from '../../transport/transport.providers.js';
import { NotificationSettingsService } from '../notification-settings/notification-settings.service.js';
import type { OwnerId } from '@arbitra/db';

/** The events the 'Alertas de trading' switch of /security covers. */
const TRADING_EVENTS: ReadonlySet<NotificationEvent> = new Set([
  'bot.stopped',
  'bot.inventory',
  'trade.unhedged',
  'trade.executed',
  'daily.summary',
]);

export const toAppNotification = (r: NotificationRow): AppNotification => ({
  id: r.id,
  event: r.event as NotificationEvent,
  title: r.title,
  body: r.body,
  link: r.link,
  createdAt: r.createdAt.toISOString(),
  readAt: r.readAt?.toISOString() ?? null,
});

/**
 * The one notification service (issue 16). Any module (auth, payments, subscriptions…) calls `notify()`:
 * the job goes to QUEUES.notifications with its idempotency key, and the NotificationsDispatcher delivers
 * it on every channel the user enabled. Also the in-app centre and the preferences.
 */
@Injectable()
export class NotificationsService implements OnModuleDestroy {
  private readonly queue: Queue;

  constructor(
    @Inject(QUEUE_FACTORY) queues: QueueFactory,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    private readonly repo: NotificationsRepository,
    private readonly settings: NotificationSettingsService,
  ) {
    this.queue = queues.queue(QUEUES.notifications);
  }

  async onModuleDestroy(): Promise<void> {
    await this.queue.close();
  }

  /**
   * Enqueues one notification. `job.key` must name the event uniquely (e.g. `billing:payment-confirmed:<paymentId>`):
   * the same key never notifies twice, however often it is enqueued.
   */
  async notify(job: NotificationJob): Promise<void> {
    await this.queue.add('notify', job, { jobId: notificationJobId(job.key) });
  }

  /** The user's preferences: stored choices over the defaults. */
  async preferences(userId: OwnerId): Promise<NotificationPreferences> {
    const prefs = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
    for (const p of await this.repo.preferences(userId)) {
      if (
        (NOTIFICATION_EVENTS as readonly string[]).includes(p.event) &&
        (NOTIFICATION_CHANNELS as readonly string[]).includes(p.channel)
      )
        prefs[p.event as NotificationEvent][p.channel as NotificationChannel] = p.enabled;
    }
    return prefs;
  }

  async setPreferences(
    userId: OwnerId,
    changes: { event: NotificationEvent; channel: NotificationChannel; enabled: boolean }[],
  ): Promise<NotificationPreferences> {
    await this.repo.setPreferences(userId, changes);
    return this.preferences(userId);
  }

  /**
   * The channels an event reaches for this user: the per-event choice, under the /security switches
   * ('Notificações por email' for the email channel, 'Alertas de login' and 'Alertas de trading' per event).
   */
  async channelsFor(userId: OwnerId, event: NotificationEvent): Promise<Set<NotificationChannel>> {
    const [prefs, switches] = await Promise.all([this.preferences(userId), this.settings.get(userId)]);
    const out = new Set<NotificationChannel>();
    if (event === 'login.new' && !switches.loginAlerts) return out;
    if (TRADING_EVENTS.has(event) && !switches.tradingAlerts) return out;
    for (const c of NOTIFICATION_CHANNELS) {
      if (!prefs[event][c]) continue;
      if (c === 'email' && !switches.email) continue;
      out.add(c);
    }
    return out;
  }

  async list(userId: OwnerId): Promise<NotificationListResponse> {
    const [rows, unread] = await Promise.all([this.repo.list(userId), this.repo.unreadCount(userId)]);
    return { notifications: rows.map(toAppNotification), unread };
  }

  async markRead(userId: OwnerId, id?: string): Promise<{ unread: number; message: string }> {
    if (id && !(await this.repo.exists(userId, id)))
      throw notFound('notification_not_found', MESSAGES.notificationCentre.notFound);
    await this.repo.markRead(userId, id);
    return { unread: await this.repo.unreadCount(userId), message: MESSAGES.notificationCentre.markedRead };
  }

  /** The one-click unsubscribe link of one event's emails (signed, no sign-in needed). */
  unsubscribeUrl(userId: OwnerId, event: NotificationEvent): string {
    const q = new URLSearchParams({ u: userId, e: event, t: this.sign(userId, event) });
    return `${this.config.appUrl}/api/notifications/unsubscribe?${q.toString()}`;
  }

  /** Turns one event's emails off when the signature matches; answers the event, or null for a bad link. */
  async unsubscribe(userId: string, event: string, token: string): Promise<NotificationEvent | null> {
    if (!(NOTIFICATION_EVENTS as readonly string[]).includes(event)) return null;
    const expected = Buffer.from(this.sign(userId, event as NotificationEvent));
    const given = Buffer.from(token);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    // The signature proved the link was made for this user.
    const owner = provenOwner(userId);
    if (!(await this.repo.recipient(owner))) return null; // the account was deleted since
    await this.repo.setPreferences(owner, [{ event, channel: 'email', enabled: false }]);
    return event as NotificationEvent;
  }

  private sign(userId: string, event: NotificationEvent): string {
    return createHmac('sha256', this.config.JWT_SECRET)
      .update(`unsubscribe:${userId}:${event}`)
      .digest('base64url');
  }
}
