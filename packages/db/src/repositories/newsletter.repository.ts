import type { DataSource } from 'typeorm';
import { sqlRows } from './sql.js';

export type NewsletterStatus = 'pending' | 'confirmed' | 'unsubscribed';

export interface NewsletterSubscriptionRow {
  id: string;
  email: string;
  status: NewsletterStatus;
}

/** The newsletter's double opt-in list (issue 16): only confirmed addresses are subscribers. */
export class NewsletterRepository {
  constructor(private readonly ds: DataSource) {}

  async findByEmail(email: string): Promise<NewsletterSubscriptionRow | null> {
    const rows = await sqlRows<NewsletterSubscriptionRow>(
      this.ds,
      `SELECT id, email, status FROM newsletter_subscriptions WHERE email = $1`,
      [email],
    );
    return rows[0] ?? null;
  }

  /**
   * A new request (with consent now) for an address that is not confirmed: it becomes 'pending' with a new
   * confirmation token (its hash); a confirmed address is left as it is. Answers the row after the change.
   */
  async requestConfirmation(
    email: string,
    tokenHash: string,
    expiresAt: Date,
  ): Promise<NewsletterSubscriptionRow> {
    const rows = await sqlRows<NewsletterSubscriptionRow>(
      this.ds,
      `INSERT INTO newsletter_subscriptions (email, status, consent_at, confirm_token_hash, confirm_expires_at)
       VALUES ($1, 'pending', now(), $2, $3)
       ON CONFLICT (email) DO UPDATE SET status = 'pending', consent_at = now(),
         confirm_token_hash = EXCLUDED.confirm_token_hash, confirm_expires_at = EXCLUDED.confirm_expires_at,
         unsubscribed_at = NULL
       WHERE newsletter_subscriptions.status <> 'confirmed'
       RETURNING id, email, status`,
      [email, tokenHash, expiresAt],
    );
    return rows[0] ?? (await this.findByEmail(email))!;
  }

  /** Confirms the pending address of an unexpired token (once: the token is cleared); null otherwise. */
  async confirm(tokenHash: string): Promise<NewsletterSubscriptionRow | null> {
    const rows = await sqlRows<NewsletterSubscriptionRow>(
      this.ds,
      `UPDATE newsletter_subscriptions SET status = 'confirmed', confirmed_at = now(),
         confirm_token_hash = NULL, confirm_expires_at = NULL
       WHERE confirm_token_hash = $1 AND status = 'pending' AND confirm_expires_at > now()
       RETURNING id, email, status`,
      [tokenHash],
    );
    return rows[0] ?? null;
  }

  /** Takes the address off the list; false when there is no such subscription. */
  async unsubscribe(id: string): Promise<boolean> {
    const rows = await sqlRows<{ id: string }>(
      this.ds,
      `UPDATE newsletter_subscriptions SET status = 'unsubscribed', unsubscribed_at = COALESCE(unsubscribed_at, now()),
         confirm_token_hash = NULL, confirm_expires_at = NULL
       WHERE id = $1 RETURNING id`,
      [id],
    );
    return rows.length > 0;
  }

  async counts(): Promise<Record<NewsletterStatus, number>> {
    const rows = await sqlRows<{ status: NewsletterStatus; n: number }>(
      this.ds,
      `SELECT status, count(*)::int AS n FROM newsletter_subscriptions GROUP BY status`,
    );
    const out: Record<NewsletterStatus, number> = { pending: 0, confirmed: 0, unsubscribed: 0 };
    for (const r of rows) out[r.status] = r.n;
    return out;
  }
}
