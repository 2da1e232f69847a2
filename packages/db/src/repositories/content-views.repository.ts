import type { DataSource } from 'typeorm';
import { sqlRows } from './sql.js';

/** Page views of the public content (issue 16): one row per reader, page and day; 'Mais lidos' sums them. */
export class ContentViewsRepository {
  constructor(private readonly ds: DataSource) {}

  /** Counts one reading; the same reader on the same page the same day is counted once. */
  async record(v: { kind: string; slug: string; day: string; reader: string }): Promise<void> {
    await sqlRows(
      this.ds,
      `INSERT INTO content_views (kind, slug, day, reader) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
      [v.kind, v.slug, v.day, v.reader],
    );
  }

  /** The most read pages of a kind (ties by slug), each with its count of readings. */
  async popular(kind: string, limit: number): Promise<{ slug: string; views: number }[]> {
    return sqlRows<{ slug: string; views: number }>(
      this.ds,
      `SELECT slug, count(*)::int AS views FROM content_views WHERE kind = $1
        GROUP BY slug ORDER BY views DESC, slug ASC LIMIT $2`,
      [kind, limit],
    );
  }
}
