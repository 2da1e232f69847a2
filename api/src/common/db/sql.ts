import type { DataSource, EntityManager } from 'typeorm';

/**
 * Runs SQL and returns its rows. TypeORM's postgres driver answers UPDATE/DELETE with
 * `[rows, rowCount]` and other commands with `rows`; this reads both.
 */
export async function sqlRows<T>(
  db: DataSource | EntityManager,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
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
