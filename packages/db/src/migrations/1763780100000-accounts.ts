import type { MigrationInterface, QueryRunner } from 'typeorm';
import { PLANS } from '@arbitra/contracts';

/**
 * The plans this migration seeds are PLANS of @arbitra/contracts (DECISIONS §2), the one place of their numbers. A
 * later price change edits PLANS and adds a migration that updates `plans` on databases migrated before it: a fresh
 * database gets the new numbers here already, and that update changes nothing on it.
 */

/** Accounts, sessions, security, audit, rate limits, plans and subscriptions (issue 3). */
export class Accounts1763780100000 implements MigrationInterface {
  name = 'Accounts1763780100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE users
        ADD COLUMN last_login_at timestamptz,
        ADD COLUMN password_changed_at timestamptz NOT NULL DEFAULT now(),
        ADD COLUMN disabled_at timestamptz`);
    await q.query(`UPDATE users SET password_changed_at = created_at`);
    await q.query(`CREATE INDEX users_created_at_idx ON users (created_at DESC)`);

    await q.query(`
      CREATE TABLE sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_active_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        revoked_reason varchar(32),
        remember boolean NOT NULL DEFAULT false,
        ip varchar(64),
        user_agent varchar(512),
        device varchar(160),
        location varchar(120)
      )`);
    await q.query(`CREATE INDEX sessions_user_idx ON sessions (user_id, expires_at)`);

    await q.query(`
      CREATE TABLE password_reset_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        token_hash char(64) NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        requested_ip varchar(64)
      )`);
    await q.query(`CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id)`);

    await q.query(`
      CREATE TABLE two_factor (
        user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        secret_encrypted text NOT NULL,
        enabled_at timestamptz,
        last_used_step bigint,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE two_factor_backup_codes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        code_hash char(64) NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, code_hash)
      )`);

    await q.query(`
      CREATE TABLE notification_settings (
        user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        email boolean NOT NULL DEFAULT true,
        sms boolean NOT NULL DEFAULT false,
        login_alerts boolean NOT NULL DEFAULT true,
        trading_alerts boolean NOT NULL DEFAULT true,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE audit_log (
        id bigserial PRIMARY KEY,
        user_id uuid REFERENCES users(id) ON DELETE CASCADE,
        actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
        action varchar(48) NOT NULL,
        ip varchar(64),
        user_agent varchar(512),
        metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX audit_log_user_idx ON audit_log (user_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC, id DESC)`);

    // Counters only: losing them in a crash is harmless, so skip the WAL.
    await q.query(`
      CREATE UNLOGGED TABLE rate_limit_buckets (
        key varchar(300) PRIMARY KEY,
        hits integer NOT NULL,
        reset_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX rate_limit_buckets_reset_idx ON rate_limit_buckets (reset_at)`);

    await q.query(`
      CREATE TABLE plans (
        id varchar(32) PRIMARY KEY,
        name varchar(64) NOT NULL,
        monthly_cents integer NOT NULL CHECK (monthly_cents >= 0),
        yearly_cents integer NOT NULL CHECK (yearly_cents >= 0),
        max_bots integer NOT NULL,
        max_exchanges integer NOT NULL,
        real_time_data boolean NOT NULL,
        advanced_strategies boolean NOT NULL,
        priority_support boolean NOT NULL,
        popular boolean NOT NULL DEFAULT false,
        highlights jsonb NOT NULL DEFAULT '[]'::jsonb,
        sort_order integer NOT NULL DEFAULT 0,
        active boolean NOT NULL DEFAULT true
      )`);
    let order = 0;
    for (const p of PLANS) {
      await q.query(
        `INSERT INTO plans (id, name, monthly_cents, yearly_cents, max_bots, max_exchanges, real_time_data,
                            advanced_strategies, priority_support, popular, highlights, sort_order)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12)`,
        [
          p.id,
          p.name,
          p.monthlyCents,
          p.yearlyCents,
          p.features.maxBots,
          p.features.maxExchanges,
          p.features.realTimeData,
          p.features.advancedStrategies,
          p.features.prioritySupport,
          p.popular,
          JSON.stringify(p.highlights),
          order++,
        ],
      );
    }

    await q.query(`
      CREATE TABLE subscriptions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
        plan_id varchar(32) NOT NULL REFERENCES plans(id),
        status varchar(16) NOT NULL CHECK (status IN ('trialing', 'active', 'past_due', 'canceled')),
        billing varchar(8) NOT NULL DEFAULT 'monthly' CHECK (billing IN ('monthly', 'yearly')),
        current_period_start timestamptz NOT NULL,
        current_period_end timestamptz NOT NULL,
        cancel_at_period_end boolean NOT NULL DEFAULT false,
        canceled_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (current_period_end > current_period_start)
      )`);
    await q.query(
      `CREATE INDEX subscriptions_open_period_end_idx ON subscriptions (current_period_end) WHERE status IN ('trialing', 'active')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'subscriptions',
      'plans',
      'rate_limit_buckets',
      'audit_log',
      'notification_settings',
      'two_factor_backup_codes',
      'two_factor',
      'password_reset_tokens',
      'sessions',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
    await q.query(`DROP INDEX IF EXISTS users_created_at_idx`);
    await q.query(
      `ALTER TABLE users DROP COLUMN IF EXISTS last_login_at, DROP COLUMN IF EXISTS password_changed_at, DROP COLUMN IF EXISTS disabled_at`,
    );
  }
}
