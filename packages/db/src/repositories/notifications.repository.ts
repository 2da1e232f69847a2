import type { DataSource } from 'typeorm';
import { sqlRows } from './sql.js';
import type { OwnerId } from '../tenancy.js';

export interface NotificationRow {
  id: string;
  event: string;
  title: string;
  body: string;
  link: string | null;
  createdAt: Date;
  readAt: Date | null;
}

export interface NotificationRecipient {
  id: string;
  name: string;
  email: string;
  telegramChatId: string | null;
}

export interface DailyFigures {
  userId: string;
  trades: number;
  /** Decimal string, BRL. */
  profitBrl: string;
  botsRunning: number;
}

/** How many in-app notifications a user keeps (the oldest go). */
export const NOTIFICATIONS_KEPT = 100;

interface RawNotification {
  id: string;
  event: string;
  title: string;
  body: string;
  link: string | null;
  created_at: Date;
  read_at: Date | null;
}

const toRow = (r: RawNotification): NotificationRow => ({
  id: r.id,
  event: r.event,
  title: r.title,
  body: r.body,
  link: r.link,
  createdAt: r.created_at,
  readAt: r.read_at,
});

/**
 * Every SQL statement of notifications (issue 16): the in-app centre, preferences, the delivery journal
 * (idempotency per channel), the per-user rate limit, the Telegram link and the daily summary's figures.
 */
export class NotificationsRepository {
  constructor(private readonly ds: DataSource) {}

  async recipient(userId: OwnerId): Promise<NotificationRecipient | null> {
    const rows: { id: string; name: string; email: string; chat_id: string | null }[] = await this.ds.query(
      `SELECT u.id, u.name, u.email, t.chat_id::text AS chat_id
         FROM users u LEFT JOIN telegram_links t ON t.user_id = u.id WHERE u.id = $1`,
      [userId],
    );
    const r = rows[0];
    return r ? { id: r.id, name: r.name, email: r.email, telegramChatId: r.chat_id } : null;
  }

  /** The stored (non-default) preferences: [event, channel, enabled]. */
  async preferences(userId: OwnerId): Promise<{ event: string; channel: string; enabled: boolean }[]> {
    return this.ds.query(`SELECT event, channel, enabled FROM notification_preferences WHERE user_id = $1`, [
      userId,
    ]);
  }

  async setPreferences(
    userId: OwnerId,
    prefs: { event: string; channel: string; enabled: boolean }[],
  ): Promise<void> {
    if (prefs.length === 0) return;
    await this.ds.query(
      `INSERT INTO notification_preferences (user_id, event, channel, enabled, updated_at)
       SELECT $1, p.event, p.channel, p.enabled, now()
         FROM jsonb_to_recordset($2::jsonb) AS p(event text, channel text, enabled boolean)
       ON CONFLICT (user_id, event, channel) DO UPDATE SET enabled = EXCLUDED.enabled, updated_at = now()`,
      [userId, JSON.stringify(prefs)],
    );
  }

  /**
   * Claims the delivery of `key` on `channel`. False when it was already claimed (sent, suppressed or being
   * sent by another worker): the caller must not send.
   */
  async claimDelivery(key: string, channel: string, userId: OwnerId): Promise<boolean> {
    const rows: unknown[] = await this.ds.query(
      `INSERT INTO notification_deliveries (idempotency_key, channel, user_id, status) VALUES ($1, $2, $3, 'sending')
       ON CONFLICT DO NOTHING RETURNING 1`,
      [key, channel, userId],
    );
    return rows.length === 1;
  }

  async finishDelivery(
    key: string,
    channel: string,
    status: 'sent' | 'suppressed' | 'skipped',
  ): Promise<void> {
    await this.ds.query(
      `UPDATE notification_deliveries SET status = $3 WHERE idempotency_key = $1 AND channel = $2`,
      [key, channel, status],
    );
  }

  /** A failed send gives its claim back, so the job's retry tries again. */
  async releaseDelivery(key: string, channel: string): Promise<void> {
    await this.ds.query(`DELETE FROM notification_deliveries WHERE idempotency_key = $1 AND channel = $2`, [
      key,
      channel,
    ]);
  }

  /**
   * The rate limit: true (and the slot taken) when nothing on this topic went to this user on this channel in
   * the last `windowSeconds`; otherwise counts one more suppressed message and answers false. Atomic.
   */
  async takeSlot(userId: OwnerId, channel: string, topic: string, windowSeconds: number): Promise<boolean> {
    const rows: { taken: boolean }[] = await this.ds.query(
      `INSERT INTO notification_throttle AS t (user_id, channel, topic, last_sent_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (user_id, channel, topic) DO UPDATE
         SET last_sent_at = CASE WHEN t.last_sent_at < now() - make_interval(secs => $4) THEN now() ELSE t.last_sent_at END,
             suppressed = CASE WHEN t.last_sent_at < now() - make_interval(secs => $4) THEN 0 ELSE t.suppressed + 1 END
       RETURNING (suppressed = 0) AS taken`,
      [userId, channel, topic, windowSeconds],
    );
    return rows[0]?.taken ?? false;
  }

  /** A send that failed gives its slot back (the retry may send). */
  async releaseSlot(userId: OwnerId, channel: string, topic: string): Promise<void> {
    await this.ds.query(
      `UPDATE notification_throttle SET last_sent_at = 'epoch', suppressed = 0 WHERE user_id = $1 AND channel = $2 AND topic = $3`,
      [userId, channel, topic],
    );
  }

  /** Adds an in-app notification (once per key) and keeps the user's last NOTIFICATIONS_KEPT. */
  async addInApp(
    userId: OwnerId,
    n: { key: string; event: string; title: string; body: string; link: string | null },
  ): Promise<NotificationRow | null> {
    const rows: RawNotification[] = await this.ds.query(
      `INSERT INTO notifications (user_id, event, title, body, link, idempotency_key) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (idempotency_key) DO NOTHING
       RETURNING id, event, title, body, link, created_at, read_at`,
      [userId, n.event, n.title, n.body, n.link, n.key],
    );
    await this.ds.query(
      `DELETE FROM notifications WHERE user_id = $1 AND id NOT IN
         (SELECT id FROM notifications WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2)`,
      [userId, NOTIFICATIONS_KEPT],
    );
    return rows[0] ? toRow(rows[0]) : null;
  }

  async list(userId: OwnerId, limit = NOTIFICATIONS_KEPT): Promise<NotificationRow[]> {
    const rows: RawNotification[] = await this.ds.query(
      `SELECT id, event, title, body, link, created_at, read_at FROM notifications
        WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
      [userId, limit],
    );
    return rows.map(toRow);
  }

  async unreadCount(userId: OwnerId): Promise<number> {
    const rows: { n: number }[] = await this.ds.query(
      `SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND read_at IS NULL`,
      [userId],
    );
    return rows[0]?.n ?? 0;
  }

  /** Marks one (or, without id, every) notification of the user as read; answers how many changed. */
  async markRead(userId: OwnerId, id?: string): Promise<number> {
    const rows = await sqlRows(
      this.ds,
      `UPDATE notifications SET read_at = now()
        WHERE user_id = $1 AND read_at IS NULL AND ($2::uuid IS NULL OR id = $2::uuid) RETURNING 1`,
      [userId, id ?? null],
    );
    return rows.length;
  }

  async exists(userId: OwnerId, id: string): Promise<boolean> {
    const rows: unknown[] = await this.ds.query(
      `SELECT 1 FROM notifications WHERE user_id = $1 AND id = $2`,
      [userId, id],
    );
    return rows.length === 1;
  }

  async telegramLink(userId: OwnerId): Promise<{ chatId: string; linkedAt: Date } | null> {
    const rows: { chat_id: string; linked_at: Date }[] = await this.ds.query(
      `SELECT chat_id::text, linked_at FROM telegram_links WHERE user_id = $1`,
      [userId],
    );
    return rows[0] ? { chatId: rows[0].chat_id, linkedAt: rows[0].linked_at } : null;
  }

  /** A new one-time code for the user (their previous codes go). */
  async newTelegramCode(userId: OwnerId, code: string, expiresAt: Date): Promise<void> {
    await this.ds.transaction(async (m) => {
      await m.query(`DELETE FROM telegram_link_codes WHERE user_id = $1 OR expires_at < now()`, [userId]);
      await m.query(`INSERT INTO telegram_link_codes (code, user_id, expires_at) VALUES ($1, $2, $3)`, [
        code,
        userId,
        expiresAt,
      ]);
    });
  }

  /** Uses a code (once): links its user to the chat. Answers the user id, or null for an unknown/expired code. */
  async redeemTelegramCode(code: string, chatId: string): Promise<string | null> {
    return this.ds.transaction(async (m) => {
      const rows = await sqlRows<{ user_id: string }>(
        m,
        `DELETE FROM telegram_link_codes WHERE code = $1 AND expires_at > now() RETURNING user_id`,
        [code],
      );
      const userId = rows[0]?.user_id;
      if (!userId) return null;
      await m.query(
        `INSERT INTO telegram_links (user_id, chat_id, linked_at) VALUES ($1, $2, now())
         ON CONFLICT (user_id) DO UPDATE SET chat_id = EXCLUDED.chat_id, linked_at = now()`,
        [userId, chatId],
      );
      return userId;
    });
  }

  async unlinkTelegram(userId: OwnerId): Promise<boolean> {
    const rows = await sqlRows(this.ds, `DELETE FROM telegram_links WHERE user_id = $1 RETURNING 1`, [
      userId,
    ]);
    return rows.length === 1;
  }

  /** The chat blocked the bot (Telegram answered 403): forget the link. */
  async unlinkTelegramChat(chatId: string): Promise<void> {
    await this.ds.query(`DELETE FROM telegram_links WHERE chat_id = $1`, [chatId]);
  }

  /**
   * The figures of one São Paulo day for every user who traded that day or has a running bot: trades recorded
   * (completed or failed, not pending), the profit in BRL (at each trade's rate) and the bots running now.
   */
  async dailyFigures(date: string): Promise<DailyFigures[]> {
    const rows: { user_id: string; trades: number; profit_brl: string; bots_running: number }[] =
      await this.ds.query(
        `WITH day AS (
         SELECT user_id, count(*)::int AS trades, COALESCE(sum(profit * usdt_brl), 0) AS profit_brl
           FROM trades
          WHERE status <> 'pending'
            AND executed_at >= ($1::date)::timestamp AT TIME ZONE 'America/Sao_Paulo'
            AND executed_at < ($1::date + 1)::timestamp AT TIME ZONE 'America/Sao_Paulo'
          GROUP BY user_id),
       running AS (SELECT user_id, count(*)::int AS bots FROM bots WHERE active GROUP BY user_id)
       SELECT u.id AS user_id, COALESCE(d.trades, 0) AS trades, round(COALESCE(d.profit_brl, 0), 2)::text AS profit_brl,
              COALESCE(r.bots, 0) AS bots_running
         FROM users u LEFT JOIN day d ON d.user_id = u.id LEFT JOIN running r ON r.user_id = u.id
        WHERE d.user_id IS NOT NULL OR r.user_id IS NOT NULL`,
        [date],
      );
    return rows.map((r) => ({
      userId: r.user_id,
      trades: r.trades,
      profitBrl: r.profit_brl,
      botsRunning: r.bots_running,
    }));
  }

  /** Deliveries older than `days` are only history: dropped by the daily run. */
  async pruneDeliveries(days: number): Promise<void> {
    await this.ds.query(
      `DELETE FROM notification_deliveries WHERE created_at < now() - make_interval(days => $1)`,
      [days],
    );
  }
}
