import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Notifications (issue 16): the in-app centre, per-event/per-channel preferences, the delivery journal that
 * makes a notification idempotent per channel, the per-user rate limit, the Telegram link; and the version of
 * the terms of use / privacy policy each user accepted, with the date.
 */
export class Notifications1763797000000 implements MigrationInterface {
  name = 'Notifications1763797000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE notifications (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        event varchar(32) NOT NULL,
        title varchar(200) NOT NULL,
        body text NOT NULL,
        link varchar(300),
        idempotency_key varchar(300) UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        read_at timestamptz
      )`);
    await q.query(`CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC)`);
    await q.query(`
      CREATE TABLE notification_preferences (
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        event varchar(32) NOT NULL,
        channel varchar(16) NOT NULL,
        enabled boolean NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, event, channel)
      )`);
    await q.query(`
      CREATE TABLE notification_deliveries (
        idempotency_key varchar(300) NOT NULL,
        channel varchar(16) NOT NULL,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        status varchar(16) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (idempotency_key, channel)
      )`);
    await q.query(`CREATE INDEX notification_deliveries_created_idx ON notification_deliveries (created_at)`);
    await q.query(`
      CREATE TABLE notification_throttle (
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        channel varchar(16) NOT NULL,
        topic varchar(200) NOT NULL,
        last_sent_at timestamptz NOT NULL,
        suppressed integer NOT NULL DEFAULT 0,
        PRIMARY KEY (user_id, channel, topic)
      )`);
    await q.query(`
      CREATE TABLE telegram_links (
        user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        chat_id bigint NOT NULL,
        linked_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE telegram_link_codes (
        code varchar(32) PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL
      )`);
    await q.query(
      `ALTER TABLE users ADD COLUMN terms_version varchar(20), ADD COLUMN terms_accepted_at timestamptz`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP COLUMN terms_version, DROP COLUMN terms_accepted_at`);
    for (const t of [
      'telegram_link_codes',
      'telegram_links',
      'notification_throttle',
      'notification_deliveries',
      'notification_preferences',
      'notifications',
    ])
      await q.query(`DROP TABLE ${t}`);
  }
}
