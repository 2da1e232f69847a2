import { createHash } from 'node:crypto';
import type { Pool, QueryResultRow } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import { SLOW_QUERY_MS } from '@arbitra/contracts';
import { queryStats } from '../query-stats.js';

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

/** `user_id` (or `p.user_id`) → `userId`. */
const camelCase = (column: string) =>
  column.replace(/^[a-z0-9]+\./, '').replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * A select list that names each snake_case column as its record's field (`user_id AS "userId"`, `p.plan_id AS
 * "planId"`): the rows come back as the record, with no field-by-field mapping written out. `list` is SQL (commas inside parentheses belong to
 * their expression); an entry that is not a bare column (an expression with its own alias) stands as written.
 */
export function camelColumns(list: string): string {
  const entries: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i <= list.length; i++) {
    const c = list[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (i === list.length || (c === ',' && depth === 0)) {
      entries.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  return entries
    .map((e) => (/^([a-z0-9]+\.)?[a-z0-9]+(_[a-z0-9]+)+$/.test(e) ? `${e} AS "${camelCase(e)}"` : e))
    .join(', ');
}

/** LIKE pattern of a search text, its wildcards taken literally. */
export const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Statement names of {@link preparedRows}, by text. */
const statementNames = new Map<string, string>();

/**
 * Runs a read as a named prepared statement on the DataSource's pool (node-postgres): each connection parses it
 * once, and Postgres may then keep a generic plan instead of planning it on every call. For the hot per-request
 * reads only (the session of every authenticated request, the trade history page): not for a transaction's
 * statements (those run on the transaction's own connection). Slow ones are counted as TypeORM's would be.
 */
export async function preparedRows<T>(ds: DataSource, text: string, params: unknown[]): Promise<T[]> {
  let name = statementNames.get(text);
  if (!name) {
    name = `arbitra_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  const pool = (ds.driver as unknown as { master: Pool }).master;
  const started = performance.now();
  const result = await pool.query<T & QueryResultRow>({ name, text, values: params });
  const ms = performance.now() - started;
  if (ms > SLOW_QUERY_MS) queryStats.slow(ms, text);
  return result.rows;
}
