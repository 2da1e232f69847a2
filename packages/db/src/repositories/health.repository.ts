import type { DataSource } from 'typeorm';

/** The database as a component of the platform's health (readiness, /api/status): answers or not. */
export class HealthRepository {
  constructor(private readonly ds: DataSource) {}

  async ping(): Promise<void> {
    await this.ds.query('SELECT 1');
  }
}
