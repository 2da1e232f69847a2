import type { DataSource } from 'typeorm';
import { sqlRows } from './sql.js';

export interface ContactMessageRow {
  id: string;
  userId: string | null;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: Date;
  answer: string | null;
  answeredAt: Date | null;
}

interface Raw {
  id: string;
  user_id: string | null;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: Date;
  answer: string | null;
  answered_at: Date | null;
}

const toRow = (r: Raw): ContactMessageRow => ({
  id: r.id,
  userId: r.user_id,
  name: r.name,
  email: r.email,
  subject: r.subject,
  message: r.message,
  createdAt: r.created_at,
  answer: r.answer,
  answeredAt: r.answered_at,
});

const COLUMNS = 'id, user_id, name, email, subject, message, created_at, answer, answered_at';

/** The contact form's messages (issue 16): stored on arrival, listed and answered by admins. */
export class ContactMessagesRepository {
  constructor(private readonly ds: DataSource) {}

  async add(m: {
    userId: string | null;
    name: string;
    email: string;
    subject: string;
    message: string;
  }): Promise<ContactMessageRow> {
    const rows = await sqlRows<Raw>(
      this.ds,
      `INSERT INTO contact_messages (user_id, name, email, subject, message) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
      [m.userId, m.name, m.email, m.subject, m.message],
    );
    return toRow(rows[0]!);
  }

  async page(
    page: number,
    pageSize: number,
  ): Promise<{ items: ContactMessageRow[]; total: number; unanswered: number }> {
    const [items, counts] = await Promise.all([
      sqlRows<Raw>(
        this.ds,
        `SELECT ${COLUMNS} FROM contact_messages ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`,
        [pageSize, (page - 1) * pageSize],
      ),
      sqlRows<{ total: number; unanswered: number }>(
        this.ds,
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE answered_at IS NULL)::int AS unanswered FROM contact_messages`,
      ),
    ]);
    return { items: items.map(toRow), total: counts[0]?.total ?? 0, unanswered: counts[0]?.unanswered ?? 0 };
  }

  async find(id: string): Promise<ContactMessageRow | null> {
    const rows = await sqlRows<Raw>(this.ds, `SELECT ${COLUMNS} FROM contact_messages WHERE id = $1`, [id]);
    return rows[0] ? toRow(rows[0]) : null;
  }

  async answer(id: string, answer: string, adminId: string): Promise<ContactMessageRow | null> {
    const rows = await sqlRows<Raw>(
      this.ds,
      `UPDATE contact_messages SET answer = $2, answered_at = now(), answered_by = $3 WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, answer, adminId],
    );
    return rows[0] ? toRow(rows[0]) : null;
  }
}
