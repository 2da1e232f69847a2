import { z } from 'zod';
import { CONTENT_KINDS, CONTENT_SLUGS, POPULAR_CONTENT_LIMIT, type ContentKind } from '../domain/content.js';
import { MESSAGES } from '../messages/index.js';
import { emailField } from './validation.js';

const kind = z.enum(CONTENT_KINDS, { error: MESSAGES.content.kindInvalid });

/** POST /api/content/views: one reading of an article or post (counted once per visitor and day). */
export const contentViewRequestSchema = z
  .strictObject({
    kind,
    slug: z.string({ error: MESSAGES.content.notFound }).max(120, MESSAGES.content.notFound),
  })
  .refine((v) => CONTENT_SLUGS[v.kind].includes(v.slug), {
    message: MESSAGES.content.notFound,
    path: ['slug'],
  });
export type ContentViewRequest = z.input<typeof contentViewRequestSchema>;

/** GET /api/content/popular?kind=post */
export const popularContentQuerySchema = z.strictObject({
  kind,
  limit: z.coerce
    .number({ error: MESSAGES.content.limitInvalid })
    .int(MESSAGES.content.limitInvalid)
    .min(1, MESSAGES.content.limitInvalid)
    .max(20, MESSAGES.content.limitInvalid)
    .default(POPULAR_CONTENT_LIMIT),
});

export interface PopularContent {
  kind: ContentKind;
  /** Most read first (distinct readers per day, summed); only pages read at least once. */
  items: { slug: string; views: number }[];
}

/** POST /api/newsletter: the newsletter box (double opt-in: a confirmation email follows). */
export const newsletterSubscribeRequestSchema = z.strictObject({
  email: emailField(),
  consent: z.literal(true, { error: MESSAGES.newsletter.consentRequired }),
});
export type NewsletterSubscribeRequest = z.input<typeof newsletterSubscribeRequestSchema>;

/** POST /api/newsletter/confirm: the link of the confirmation email. */
export const newsletterConfirmRequestSchema = z.strictObject({
  token: z
    .string({ error: MESSAGES.newsletter.confirmInvalid })
    .regex(/^[A-Za-z0-9_-]{20,100}$/, MESSAGES.newsletter.confirmInvalid),
});

/** GET /api/admin/newsletter: the list's size (only confirmed addresses count as subscribers). */
export interface NewsletterStats {
  confirmed: number;
  pending: number;
  unsubscribed: number;
}
