import type { DataSource, EntityManager } from 'typeorm';

/** A DataSource or the EntityManager of an open transaction: what a repository statement runs on. */
export type Db = DataSource | EntityManager;

/**
 * Runs SQL and returns its rows. TypeORM's postgres driver answers UPDATE/DELETE with
 * `[rows, rowCount]` and other commands with `rows`; this reads both.
 */
export async function sqlRows<T>(db: Db, sql: string, params: unknown[] = []): Promise<T[]> {
  const result: unknown = await db.query(sql, params);
  if (
    Array.isArray(result) &&
    result.length === 2 &&
    Array.isArray(result[0]) &&
    typeof result[1] === 'number'
  ) {
    return result[0] as T[];
  }
  return Array.isArray(result) ? (result as T[]) : [];
}

/** LIKE pattern of a search text, its wildcards taken literally. */
export const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
