import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ContentViewsRepository, NewsletterRepository } from '@arbitra/db';
import {
  MESSAGES,
  TIME_ZONE,
  type ContentKind,
  type NewsletterStats,
  type PopularContent,
} from '@arbitra/contracts';
import { badRequest } from '../../common/errors/app-error.js';
import type { ClientInfo } from '../../common/http/request-context.js';
import { API_CONFIG, type ApiConfig } from '../../config/config.js';
import { MailService } from '../mail/mail.service.js';
import { newsletterConfirmMail, newsletterWelcomeMail } from '../mail/templates.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';

/** How long a newsletter confirmation link works. */
export const NEWSLETTER_CONFIRM_HOURS = 48;

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/** Today's calendar date in São Paulo (yyyy-MM-dd): the day a view is counted in. */
export function saoPauloDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(at);
}

/**
 * Page views ('Mais lidos') and the newsletter's double opt-in (issue 16).
 *
 * A reader is a keyed hash of the day, the IP and the browser's User-Agent: the same reader is counted once per
 * page and day, and no IP or User-Agent is stored. The key is derived from JWT_SECRET and the day, so yesterday's
 * hashes cannot be matched to today's (what the privacy policy states).
 */
@Injectable()
export class ContentService {
  constructor(
    private readonly views: ContentViewsRepository,
    private readonly newsletter: NewsletterRepository,
    private readonly mail: MailService,
    private readonly rateLimits: RateLimitService,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  async recordView(kind: ContentKind, slug: string, client: ClientInfo, at = new Date()): Promise<void> {
    const day = saoPauloDay(at);
    const key = createHmac('sha256', this.config.JWT_SECRET).update(`content-views:${day}`).digest();
    const reader = createHmac('sha256', key)
      .update(`${client.ip ?? ''}\n${client.userAgent ?? ''}`)
      .digest('base64url');
    await this.views.record({ kind, slug, day, reader });
  }

  async popular(kind: ContentKind, limit: number): Promise<PopularContent> {
    return { kind, items: await this.views.popular(kind, limit) };
  }

  /**
   * A sign-up from the newsletter box: the same answer whatever the address's state (nobody learns who is on
   * the list); a confirmation email unless the address is already confirmed.
   */
  async subscribe(email: string, ip: string | null): Promise<{ message: string }> {
    await this.rateLimits.consume(
      [
        { name: 'newsletterIp', subject: ip ?? 'unknown' },
        { name: 'newsletterEmail', subject: email },
      ],
      MESSAGES.newsletter.tooMany,
    );
    const token = randomBytes(32).toString('base64url');
    const expires = new Date(Date.now() + NEWSLETTER_CONFIRM_HOURS * 3_600_000);
    const row = await this.newsletter.requestConfirmation(email, sha256(token), expires);
    if (row.status === 'pending') {
      const link = `${this.config.appUrl}/newsletter/confirm?token=${encodeURIComponent(token)}`;
      this.mail.sendInBackground(newsletterConfirmMail(email, link), 'newsletter_confirm');
    }
    return { message: MESSAGES.newsletter.pending };
  }

  async confirm(token: string): Promise<{ message: string }> {
    const row = await this.newsletter.confirm(sha256(token));
    if (!row) throw badRequest('newsletter_confirm_invalid', MESSAGES.newsletter.confirmInvalid);
    this.mail.sendInBackground(
      newsletterWelcomeMail(row.email, `${this.config.appUrl}/blog`, this.unsubscribeUrl(row.id)),
      'newsletter_welcome',
    );
    return { message: MESSAGES.newsletter.confirmed };
  }

  /** The one-click unsubscribe link of a subscription (signed, no sign-in needed; it works for good). */
  unsubscribeUrl(id: string): string {
    const q = new URLSearchParams({ s: id, t: this.sign(id) });
    return `${this.config.appUrl}/api/newsletter/unsubscribe?${q.toString()}`;
  }

  /** Takes the subscription off the list when the signature matches; false for a bad link. */
  async unsubscribe(id: string, token: string): Promise<boolean> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
    const expected = Buffer.from(this.sign(id));
    const given = Buffer.from(token);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
    return this.newsletter.unsubscribe(id);
  }

  stats(): Promise<NewsletterStats> {
    return this.newsletter.counts();
  }

  private sign(id: string): string {
    return createHmac('sha256', this.config.JWT_SECRET)
      .update(`newsletter-unsubscribe:${id}`)
      .digest('base64url');
  }
}
