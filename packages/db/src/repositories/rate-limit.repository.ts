import type { DataSource, EntityManager } from 'typeorm';
import { sqlRows } from './sql.js';

/** The ONLY code that reads or writes `rate_limit_buckets` (fixed-window counters shared by every api instance). */
export class RateLimitRepository {
  constructor(private readonly ds: DataSource) {}

  /** One atomic upsert: counts a hit in the bucket (an expired window restarts at 1). */
  async hit(key: string, windowSeconds: number): Promise<{ hits: number; retry_after: number } | undefined> {
    const rows = await sqlRows<{ hits: number; retry_after: number }>(
      this.ds,
      `INSERT INTO rate_limit_buckets AS b (key, hits, reset_at)
       VALUES ($1, 1, now() + make_interval(secs => $2))
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN b.reset_at <= now() THEN 1 ELSE b.hits + 1 END,
         reset_at = CASE WHEN b.reset_at <= now() THEN EXCLUDED.reset_at ELSE b.reset_at END
       RETURNING hits, GREATEST(1, CEIL(EXTRACT(EPOCH FROM (reset_at - now()))))::int AS retry_after`,
      [key, windowSeconds],
    );
    return rows[0];
  }

  /** The hits of a live (not expired) bucket, 0 when there is none. */
  async liveHits(key: string): Promise<number> {
    const rows = await sqlRows<{ hits: number }>(
      this.ds,
      `SELECT hits FROM rate_limit_buckets WHERE key = $1 AND reset_at > now()`,
      [key],
    );
    return rows[0]?.hits ?? 0;
  }

  /** Inserts a mark kept `ttlSeconds`; true only for the caller that created it (single-use tokens). */
  async insertOnce(key: string, ttlSeconds: number): Promise<boolean> {
    const rows = await sqlRows<{ key: string }>(
      this.ds,
      `INSERT INTO rate_limit_buckets (key, hits, reset_at) VALUES ($1, 1, now() + make_interval(secs => $2))
       ON CONFLICT (key) DO NOTHING RETURNING key`,
      [key, ttlSeconds],
    );
    return rows.length === 1;
  }

  async delete(key: string): Promise<void> {
    await this.ds.query(`DELETE FROM rate_limit_buckets WHERE key = $1`, [key]);
  }

  /** Buckets of a deleted account (inside its deletion). */
  async deleteKeys(m: EntityManager, keys: readonly string[]): Promise<void> {
    await m.query(`DELETE FROM rate_limit_buckets WHERE key = ANY($1)`, [[...keys]]);
  }

  async purgeExpired(): Promise<void> {
    await this.ds.query(`DELETE FROM rate_limit_buckets WHERE reset_at < now() - interval '1 minute'`);
  }
}
