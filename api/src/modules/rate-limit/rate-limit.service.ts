import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { AuditService } from '../audit/audit.service.js';
import { MESSAGES } from '@arbitra/contracts';
import { RateLimitRepository } from '@arbitra/db';
import { tooManyRequests } from '../../common/errors/app-error.js';
import { API_CONFIG, type ApiConfig, type RateLimitRule } from '../../config/config.js';

export type RateLimitName =
  | 'loginIp'
  | 'loginAccount'
  | 'loginAccountIp'
  | 'passwordConfirm'
  | 'resetIp'
  | 'registerIp'
  | 'forgotIp'
  | 'forgotAccount'
  | 'twoFactorIp'
  | 'twoFactorAccount'
  | 'contactIp'
  | 'newsletterIp'
  | 'newsletterEmail';

export interface RateLimitCheck {
  name: RateLimitName;
  /** What is counted: an IP, an email, a user id. */
  subject: string;
}

/** Longest wait a targeted account's login can get: slow for a password-guessing bot, bearable for a person. */
export const MAX_LOGIN_DELAY_MS = 8_000;

/** The growing delay for `excess` failures over the account's limit: 250 ms, 500 ms, 1 s, … up to 8 s. */
export function loginDelayMs(excess: number): number {
  if (excess <= 0) return 0;
  return Math.min(250 * 2 ** Math.min(excess - 1, 10), MAX_LOGIN_DELAY_MS);
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
    private readonly repo: RateLimitRepository,
    @Inject(API_CONFIG) config: ApiConfig,
    private readonly audit: AuditService,
  ) {
    this.rules = {
      loginIp: config.RATE_LIMIT_LOGIN_IP,
      loginAccount: config.RATE_LIMIT_LOGIN_ACCOUNT,
      loginAccountIp: config.RATE_LIMIT_LOGIN_ACCOUNT_IP,
      passwordConfirm: config.RATE_LIMIT_PASSWORD_CONFIRM,
      resetIp: config.RATE_LIMIT_RESET_IP,
      registerIp: config.RATE_LIMIT_REGISTER_IP,
      forgotIp: config.RATE_LIMIT_FORGOT_IP,
      forgotAccount: config.RATE_LIMIT_FORGOT_ACCOUNT,
      twoFactorIp: config.RATE_LIMIT_TWO_FACTOR_IP,
      twoFactorAccount: config.RATE_LIMIT_TWO_FACTOR_ACCOUNT,
      contactIp: config.RATE_LIMIT_CONTACT_IP,
      newsletterIp: config.RATE_LIMIT_NEWSLETTER_IP,
      newsletterEmail: config.RATE_LIMIT_NEWSLETTER_EMAIL,
    };
  }

  onModuleInit(): void {
    this.cleanup = setInterval(() => {
      this.repo.purgeExpired().catch(() => undefined);
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
      // The first block of a window is audited (admin security page: rate-limit blocks over time).
      if (hit.hits === rule.limit + 1) {
        await this.audit.record('rate_limited', { userId: null, metadata: { rule: check.name, subject: check.subject } });
      }
    }
    if (retryAfter > 0) throw tooManyRequests('too_many_requests', message, retryAfter);
  }

  /** Counts one event in a bucket without refusing anything (e.g. a wrong password on an account). */
  async record(check: RateLimitCheck): Promise<void> {
    await this.hit(this.key(check), this.rules[check.name]);
  }

  /**
   * How far over its limit a bucket is now (0 when under it or expired): what the growing delay
   * of a targeted account is computed from.
   */
  async excess(check: RateLimitCheck): Promise<number> {
    return Math.max(0, (await this.repo.liveHits(this.key(check))) - this.rules[check.name].limit);
  }

  /**
   * A one-time mark kept `ttlSeconds` (the same table: short-lived keys that every instance shares).
   * True for the first caller only, e.g. the login that spends a 2FA challenge.
   */
  async claimOnce(key: string, ttlSeconds: number): Promise<boolean> {
    return this.repo.insertOnce(`once:${key}`.slice(0, 300), ttlSeconds);
  }

  /** Forgets a bucket (e.g. the account's login bucket after a successful login). */
  async reset(check: RateLimitCheck): Promise<void> {
    await this.repo.delete(this.key(check));
  }

  /** The key of a bucket (exported for the account deletion, which forgets the account's buckets). */
  key(check: RateLimitCheck): string {
    return `${check.name}:${check.subject.toLowerCase()}`.slice(0, 300);
  }

  private async hit(key: string, rule: RateLimitRule): Promise<Hit> {
    const row = await this.repo.hit(key, rule.windowSeconds);
    return { hits: row?.hits ?? 1, retryAfterSeconds: row?.retry_after ?? rule.windowSeconds };
  }
}
