import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A migration that is only SQL: `up` runs its statements in order, `down` runs its own (which undo them) in
 * order. `name` is the class name TypeORM records (`<Name><timestamp>`). A migration that computes what it runs
 * (a loop, a backfill in batches, parameters) stays a class of its own.
 */
export function sqlMigration(
  name: string,
  up: readonly string[],
  down: readonly string[],
): new () => MigrationInterface {
  const run = async (q: QueryRunner, statements: readonly string[]) => {
    for (const sql of statements) await q.query(sql);
  };
  return class implements MigrationInterface {
    name = name;
    up = (q: QueryRunner) => run(q, up);
    down = (q: QueryRunner) => run(q, down);
  };
}
