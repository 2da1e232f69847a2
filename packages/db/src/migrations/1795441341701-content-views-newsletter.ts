import { sqlMigration } from './sql-migration.js';

/**
 * Issue 16: page views of the knowledge base and the blog ('Mais lidos'), one row per reader per page per day
 * (the reader is a keyed hash that changes every day: no IP is stored), and the newsletter's double opt-in list.
 */
export const ContentViewsNewsletter1795441341701 = sqlMigration(
  'ContentViewsNewsletter1795441341701',
  [
    `
      CREATE TABLE content_views (
        kind varchar(16) NOT NULL,
        slug varchar(120) NOT NULL,
        day date NOT NULL,
        reader varchar(64) NOT NULL,
        PRIMARY KEY (kind, slug, day, reader)
      )`,
    `
      CREATE TABLE newsletter_subscriptions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email varchar(254) NOT NULL UNIQUE,
        status varchar(16) NOT NULL DEFAULT 'pending'
          CHECK (status IN ('pending', 'confirmed', 'unsubscribed')),
        consent_at timestamptz NOT NULL,
        confirm_token_hash varchar(64),
        confirm_expires_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        confirmed_at timestamptz,
        unsubscribed_at timestamptz
      )`,
    `CREATE UNIQUE INDEX newsletter_confirm_token_idx ON newsletter_subscriptions (confirm_token_hash) WHERE confirm_token_hash IS NOT NULL`,
  ],
  [`DROP TABLE newsletter_subscriptions`, `DROP TABLE content_views`],
);
