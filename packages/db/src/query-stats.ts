import type { DataSource, Logger as TypeOrmLogger } from 'typeorm';
import type { LiveDbStats } from '@arbitra/contracts';

const RECENT = 5;

/**
 * Slow queries of this process (TypeORM reports every query slower than SLOW_QUERY_MS) and the pool in use.
 * One per process: the api's and the engine's data sources are built with `queryStats.logger`.
 */
export class QueryStats {
  private total = 0;
  private readonly recent: LiveDbStats['recentSlow'] = [];

  readonly logger: TypeOrmLogger = {
    logQuery: () => undefined,
    logQueryError: (error: string | Error, query: string) =>
      console.error(`query failed: ${String(error)} — ${query.slice(0, 200)}`),
    logSchemaBuild: () => undefined,
    logMigration: () => undefined,
    log: () => undefined,
    logQuerySlow: (time: number, query: string) => this.slow(time, query),
  };

  slow(ms: number, query: string, at = Date.now()): void {
    this.total++;
    this.recent.unshift({ at, ms: Math.round(ms), query: query.replace(/\s+/g, ' ').slice(0, 200) });
    if (this.recent.length > RECENT) this.recent.length = RECENT;
  }

  /** The pool of `ds` (node-postgres) and the slow queries seen so far. */
  read(ds: DataSource): LiveDbStats {
    const pool = (
      ds.driver as unknown as {
        master?: { totalCount: number; idleCount: number; waitingCount: number; options?: { max?: number } };
      }
    ).master;
    return {
      poolSize: pool?.options?.max ?? 0,
      poolInUse: pool ? pool.totalCount - pool.idleCount : 0,
      poolWaiting: pool?.waitingCount ?? 0,
      slowQueriesTotal: this.total,
      recentSlow: this.recent.map((r) => ({ ...r })),
    };
  }
}

export const queryStats = new QueryStats();
