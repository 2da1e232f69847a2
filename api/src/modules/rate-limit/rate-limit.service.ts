import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MESSAGES } from '@arbitra/contracts';
import { sqlRows } from '../../common/db/sql.js';
import { tooManyRequests } from '../../common/errors/app-error.js';
import { API_CONFIG, type ApiConfig, type RateLimitRule } from '../../config/config.js';

export type RateLimitName =
  | 'loginIp'
  | 'loginAccount'
  | 'registerIp'
  | 'forgotIp'
  | 'forgotAccount'
  | 'twoFactorIp'
  | 'twoFactorAccount';

export interface RateLimitCheck {
  name: RateLimitName;
  /** What is counted: an IP, an email, a user id. */
  subject: string;
}

interface Hit {
  hits: number;
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters in Postgres (rate_limit_buckets), so every api instance shares them.
 * One atomic upsert per check; expired windows restart at 1.
 */
@Injectable()
export class RateLimitService implements OnModuleInit, OnModuleDestroy {
  private readonly rules: Record<RateLimitName, RateLimitRule>;
  private cleanup?: NodeJS.Timeout;

  constructor(
    private readonly ds: DataSource,
    @Inject(API_CONFIG) config: ApiConfig,
  ) {
    this.rules = {
      loginIp: config.RATE_LIMIT_LOGIN_IP,
      loginAccount: config.RATE_LIMIT_LOGIN_ACCOUNT,
      registerIp: config.RATE_LIMIT_REGISTER_IP,
      forgotIp: config.RATE_LIMIT_FORGOT_IP,
      forgotAccount: config.RATE_LIMIT_FORGOT_ACCOUNT,
      twoFactorIp: config.RATE_LIMIT_TWO_FACTOR_IP,
      twoFactorAccount: config.RATE_LIMIT_TWO_FACTOR_ACCOUNT,
    };
  }

  onModuleInit(): void {
    this.cleanup = setInterval(() => {
      this.ds
        .query(`DELETE FROM rate_limit_buckets WHERE reset_at < now() - interval '1 minute'`)
        .catch(() => undefined);
    }, 10 * 60_000);
    this.cleanup.unref();
  }

  onModuleDestroy(): void {
    if (this.cleanup) clearInterval(this.cleanup);
  }

  /**
   * Counts one attempt in every bucket; throws 429 (with Retry-After) when any is over its limit.
   * Every bucket is counted even when an earlier one is already over.
   */
  async consume(
    checks: readonly RateLimitCheck[],
    message: string = MESSAGES.common.tooManyRequests,
  ): Promise<void> {
    let retryAfter = 0;
    for (const check of checks) {
      const rule = this.rules[check.name];
      const hit = await this.hit(this.key(check), rule);
      if (hit.hits > rule.limit) retryAfter = Math.max(retryAfter, hit.retryAfterSeconds);
    }
    if (retryAfter > 0) throw tooManyRequests('too_many_requests', message, retryAfter);
  }

  /** Forgets a bucket (e.g. the account's login bucket after a successful login). */
  async reset(check: RateLimitCheck): Promise<void> {
    await this.ds.query(`DELETE FROM rate_limit_buckets WHERE key = $1`, [this.key(check)]);
  }

  private key(check: RateLimitCheck): string {
    return `${check.name}:${check.subject.toLowerCase()}`.slice(0, 300);
  }

  private async hit(key: string, rule: RateLimitRule): Promise<Hit> {
    const rows = await sqlRows<{ hits: number; retry_after: number }>(
      this.ds,
      `INSERT INTO rate_limit_buckets AS b (key, hits, reset_at)
       VALUES ($1, 1, now() + make_interval(secs => $2))
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN b.reset_at <= now() THEN 1 ELSE b.hits + 1 END,
         reset_at = CASE WHEN b.reset_at <= now() THEN EXCLUDED.reset_at ELSE b.reset_at END
       RETURNING hits, GREATEST(1, CEIL(EXTRACT(EPOCH FROM (reset_at - now()))))::int AS retry_after`,
      [key, rule.windowSeconds],
    );
    const row = rows[0];
    return { hits: row?.hits ?? 1, retryAfterSeconds: row?.retry_after ?? rule.windowSeconds };
  }
}
