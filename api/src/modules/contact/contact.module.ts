import { Module } from '@nestjs/common';
import { DatabaseModule } from '../../database/database.module.js';
import { MailModule } from '../mail/mail.module.js';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { AdminMessagesController, ContactController } from './contact.controller.js';
import { ContactService } from './contact.service.js';
import { ApiConfigModule } from '../../config/api-config.module.js';

/** The contact / support form and the admins' 'Mensagens' (issue 16). */
@Module({
  imports: [ApiConfigModule, DatabaseModule, MailModule, RateLimitModule],
  controllers: [ContactController, AdminMessagesController],
  providers: [ContactService],
})
export class ContactModule {}
