import { Controller, Get, Header, HttpCode, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  MESSAGES,
  contentViewRequestSchema,
  newsletterConfirmRequestSchema,
  newsletterSubscribeRequestSchema,
  popularContentQuerySchema,
  type NewsletterStats,
  type PopularContent,
} from '@arbitra/contracts';
import type { z } from 'zod';
import { Client } from '../../common/decorators/client.decorator.js';
import { Public } from '../../common/decorators/public.decorator.js';
import { Roles } from '../../common/decorators/roles.decorator.js';
import type { ClientInfo } from '../../common/http/request-context.js';
import { simplePage } from '../../common/http/simple-page.js';
import { validate } from '../../common/pipes/zod-validation.pipe.js';
import { ContentService } from './content.service.js';
import { Action, ValidBody } from '../../common/decorators/action.decorator.js';

/** Page views of the knowledge base and the blog, and 'Mais lidos' (issue 16). */
@Public()
@Controller('content')
export class ContentController {
  constructor(private readonly content: ContentService) {}

  /** Counts one reading of an article or post (once per reader, page and day). */
  @Post('views')
  @HttpCode(204)
  async view(
    @ValidBody(contentViewRequestSchema) body: z.output<typeof contentViewRequestSchema>,
    @Client() client: ClientInfo,
  ): Promise<void> {
    await this.content.recordView(body.kind, body.slug, client);
  }

  /** 'Mais lidos': the most read articles or posts, measured from the page views. */
  @Get('popular')
  popular(
    @Query(validate(popularContentQuerySchema)) q: z.output<typeof popularContentQuerySchema>,
  ): Promise<PopularContent> {
    return this.content.popular(q.kind, q.limit);
  }
}

const BLOG_LINK = { href: '/blog', label: 'Voltar ao blog' };

/** The blog's newsletter: double opt-in sign-up, confirmation and one-click unsubscribe (issue 16). */
@Public()
@Controller('newsletter')
export class NewsletterController {
  constructor(private readonly content: ContentService) {}

  @Post()
  @HttpCode(202)
  subscribe(
    @ValidBody(newsletterSubscribeRequestSchema) body: z.output<typeof newsletterSubscribeRequestSchema>,
    @Client() client: ClientInfo,
  ): Promise<{ message: string }> {
    return this.content.subscribe(body.email, client.ip);
  }

  /** The confirmation email's link (the /newsletter/confirm page posts its token here). */
  @Action('confirm')
  confirm(
    @ValidBody(newsletterConfirmRequestSchema) body: z.output<typeof newsletterConfirmRequestSchema>,
  ): Promise<{ message: string }> {
    return this.content.confirm(body.token);
  }

  /** The one-click unsubscribe link of the newsletter's emails. */
  @Get('unsubscribe')
  @Header('Content-Type', 'text/html; charset=utf-8')
  unsubscribePage(@Query() q: Record<string, unknown>, @Res({ passthrough: true }) res: Response) {
    return this.unsubscribe(q, res);
  }

  /** RFC 8058 one-click (List-Unsubscribe-Post), same parameters in the query. */
  @Action('unsubscribe')
  @Header('Content-Type', 'text/html; charset=utf-8')
  unsubscribePost(@Query() q: Record<string, unknown>, @Res({ passthrough: true }) res: Response) {
    return this.unsubscribe(q, res);
  }

  private async unsubscribe(q: Record<string, unknown>, res: Response): Promise<string> {
    const [s, t] = [q.s, q.t].map((v) => (typeof v === 'string' ? v : ''));
    if (!s || !t || !(await this.content.unsubscribe(s, t))) {
      res.status(400);
      return simplePage('Descadastro', MESSAGES.newsletter.unsubscribeInvalid, BLOG_LINK);
    }
    return simplePage('Descadastro', MESSAGES.newsletter.unsubscribed, BLOG_LINK);
  }
}

/** GET /api/admin/newsletter: how many confirmed subscribers the list has (shown on 'Mensagens'). */
@Roles('admin')
@Controller('admin/newsletter')
export class AdminNewsletterController {
  constructor(private readonly content: ContentService) {}

  @Get()
  stats(): Promise<NewsletterStats> {
    return this.content.stats();
  }
}
