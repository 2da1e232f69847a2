import { Inject, Injectable } from '@nestjs/common';
import { ContactMessagesRepository, type ContactMessageRow } from '@arbitra/db';
import { MESSAGES, type ContactMessage, type ContactMessagesPage } from '@arbitra/contracts';
import { notFound } from '../../common/errors/app-error.js';
import { API_CONFIG, type ApiConfig } from '../../config/config.js';
import { MailService } from '../mail/mail.service.js';
import { contactAnswerMail, contactConfirmationMail, contactToSupportMail } from '../mail/templates.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';

const toMessage = (r: ContactMessageRow): ContactMessage => ({
  id: r.id,
  name: r.name,
  email: r.email,
  subject: r.subject,
  message: r.message,
  createdAt: r.createdAt.toISOString(),
  answer: r.answer,
  answeredAt: r.answeredAt?.toISOString() ?? null,
});

/** The contact / support form (issue 16): stored, emailed to the support inbox, confirmed to the sender; answered by admins. */
@Injectable()
export class ContactService {
  constructor(
    private readonly repo: ContactMessagesRepository,
    private readonly mail: MailService,
    private readonly rateLimits: RateLimitService,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  async submit(
    m: { name: string; email: string; subject: string; message: string },
    ip: string | null,
  ): Promise<{ message: string; id: string }> {
    await this.rateLimits.consume(
      [{ name: 'contactIp', subject: ip ?? 'unknown' }],
      MESSAGES.contact.tooMany,
    );
    const row = await this.repo.add({ ...m, userId: null });
    this.mail.sendInBackground(
      contactToSupportMail(this.config.SUPPORT_EMAIL, {
        ...m,
        adminUrl: `${this.config.appUrl}/admin/messages`,
      }),
      'contact_support',
    );
    this.mail.sendInBackground(contactConfirmationMail(m.email), 'contact_confirmation');
    return { message: MESSAGES.contact.sent, id: row.id };
  }

  async page(page: number, pageSize: number): Promise<ContactMessagesPage> {
    const p = await this.repo.page(page, pageSize);
    return { items: p.items.map(toMessage), total: p.total, unanswered: p.unanswered, page, pageSize };
  }

  /** Emails the answer to the sender and records it. */
  async answer(id: string, answer: string, adminId: string): Promise<ContactMessage & { message: string }> {
    const found = await this.repo.find(id);
    if (!found) throw notFound('contact_message_not_found', MESSAGES.contact.notFound);
    await this.mail.send(contactAnswerMail(found.email, found.name, found.subject, answer));
    const row = await this.repo.answer(id, answer, adminId);
    return { ...toMessage(row!), message: MESSAGES.contact.answered };
  }
}
