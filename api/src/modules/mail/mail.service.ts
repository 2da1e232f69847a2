import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { PINO_LOGGER } from '../../common/logging/logger.js';
import { API_CONFIG, type ApiConfig } from '../../config/config.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

/**
 * Outgoing mail over SMTP (SMTP_URL; in development the launcher's local mail catcher).
 * Without SMTP_URL nothing is delivered: a warning is logged (never the content, which may hold a link).
 */
@Injectable()
export class MailService implements OnModuleDestroy {
  private readonly transport: Transporter;
  private readonly delivering: boolean;

  constructor(
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(PINO_LOGGER) private readonly logger: Logger,
  ) {
    this.delivering = Boolean(config.SMTP_URL);
    this.transport = config.SMTP_URL
      ? nodemailer.createTransport(config.SMTP_URL)
      : nodemailer.createTransport({ jsonTransport: true });
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.config.MAIL_FROM, ...message });
    if (!this.delivering)
      this.logger.warn({ subject: message.subject }, 'SMTP_URL ausente: email não entregue');
  }

  /** Sends without making the caller wait (nor fail): for mails whose absence must not change the answer. */
  sendInBackground(message: MailMessage, what: string): void {
    this.send(message).catch((e: unknown) => this.logger.error({ err: e, what }, 'falha ao enviar email'));
  }

  onModuleDestroy(): void {
    this.transport.close();
  }
}
