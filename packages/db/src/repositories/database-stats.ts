import type { DataSource } from 'typeorm';
import type { LiveDbStats } from '@arbitra/contracts';
import { queryStats } from '../query-stats.js';

/** This process's database pool and slow queries (the admin's live metrics); no table. */
export class DatabaseStatsReader {
  constructor(private readonly ds: DataSource) {}

  read(): LiveDbStats {
    return queryStats.read(this.ds);
  }
}
