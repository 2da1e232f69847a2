import { Module } from '@nestjs/common';
import { DatabaseModule } from '../../database/database.module.js';
import { MailModule } from '../mail/mail.module.js';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { AdminNewsletterController, ContentController, NewsletterController } from './content.controller.js';
import { ContentService } from './content.service.js';
import { ApiConfigModule } from '../../config/api-config.module.js';

/** The public content's page views ('Mais lidos') and the blog's newsletter (issue 16). */
@Module({
  imports: [ApiConfigModule, DatabaseModule, MailModule, RateLimitModule],
  controllers: [ContentController, NewsletterController, AdminNewsletterController],
  providers: [ContentService],
})
export class ContentModule {}
