import { Module } from '@nestjs/common';
import { MailService } from './mail.service.js';
import { ApiConfigModule } from '../../config/api-config.module.js';

@Module({ imports: [ApiConfigModule], providers: [MailService], exports: [MailService] })
export class MailModule {}
