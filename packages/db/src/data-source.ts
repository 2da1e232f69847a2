import 'reflect-metadata';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities/index.js';
import { MIGRATIONS } from './migrations/index.js';
import { queryStats } from './query-stats.js';
import { SLOW_QUERY_MS } from '@arbitra/contracts';

/** The one description of our database; `synchronize` is never on. */
export function dataSourceOptions(url: string): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    synchronize: false,
    migrationsRun: false,
    logging: ['error'],
    // Queries slower than SLOW_QUERY_MS are counted (admin live metrics), not logged.
    logger: queryStats.logger,
    maxQueryExecutionTime: SLOW_QUERY_MS,
    extra: { max: 10 },
  };
}

export function createDataSource(url: string): DataSource {
  return new DataSource(dataSourceOptions(url));
}

/** Runs pending migrations; returns the names applied. Safe to run from several processes. */
export async function runMigrations(url: string): Promise<string[]> {
  const ds = createDataSource(url);
  await ds.initialize();
  try {
    // One migrator at a time across processes (docker-compose may start several).
    const lock = ds.createQueryRunner();
    await lock.connect();
    try {
      await lock.query('SELECT pg_advisory_lock(727274)');
      const applied = await ds.runMigrations({ transaction: 'each' });
      return applied.map((m) => m.name);
    } finally {
      await lock.query('SELECT pg_advisory_unlock(727274)');
      await lock.release();
    }
  } finally {
    await ds.destroy();
  }
}

/** Builds repositories of this package on one DataSource: `repositories(UsersRepository)`. */
export type Repositories = <R>(Repo: new (ds: DataSource) => R) => R;

export function repositoriesOf(ds: DataSource): Repositories {
  return (Repo) => new Repo(ds);
}

/** A command-line tool's database (seed, key rotation): migrated first when asked, then its repositories. */
export interface OpenDatabase {
  /** The migrations applied by this call (none unless `migrate`). */
  migrations: string[];
  repositories: Repositories;
  close(): Promise<void>;
}

export async function openDatabase(url: string, { migrate = false } = {}): Promise<OpenDatabase> {
  const migrations = migrate ? await runMigrations(url) : [];
  const ds = await createDataSource(url).initialize();
  return { migrations, repositories: repositoriesOf(ds), close: () => ds.destroy() };
}
