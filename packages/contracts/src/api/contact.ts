import { z } from 'zod';
import { MESSAGES } from '../messages/index.js';
import { isVisibleName } from './validation.js';

const text = (min: number, max: number, required: string, tooShort: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).min(min, tooShort).max(max, tooLong);

/** POST /api/contact: the contact / support form. */
export const contactRequestSchema = z.strictObject({
  name: text(
    1,
    120,
    MESSAGES.contact.nameRequired,
    MESSAGES.contact.nameRequired,
    MESSAGES.contact.nameTooLong,
  ).refine(isVisibleName, MESSAGES.auth.nameInvalid),
  email: z
    .string({ error: MESSAGES.contact.emailInvalid })
    .trim()
    .toLowerCase()
    .max(254, MESSAGES.contact.emailInvalid)
    .pipe(z.email({ error: MESSAGES.contact.emailInvalid })),
  subject: text(
    3,
    150,
    MESSAGES.contact.subjectRequired,
    MESSAGES.contact.subjectTooShort,
    MESSAGES.contact.subjectTooLong,
  ),
  message: text(
    10,
    5000,
    MESSAGES.contact.messageRequired,
    MESSAGES.contact.messageTooShort,
    MESSAGES.contact.messageTooLong,
  ),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;

/** POST /api/admin/messages/:id/answer */
export const contactAnswerRequestSchema = z.strictObject({
  answer: text(
    2,
    5000,
    MESSAGES.contact.answerRequired,
    MESSAGES.contact.answerRequired,
    MESSAGES.contact.messageTooLong,
  ),
});

export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: string;
  answer: string | null;
  answeredAt: string | null;
}

export interface ContactMessagesPage {
  items: ContactMessage[];
  total: number;
  unanswered: number;
  page: number;
  pageSize: number;
}
