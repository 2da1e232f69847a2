/** Which backend carries jobs and socket events. Decided once, at boot, from REDIS_URL. */
export type TransportKind = 'redis' | 'postgres';

export interface TransportConfig {
  /** Postgres connection string; always present (embedded by the launcher or DATABASE_URL). */
  databaseUrl: string;
  /** When set, jobs and socket events go through Redis instead of Postgres. */
  redisUrl?: string | undefined;
  /** Keeps several deployments (or test runs) apart on one Redis: queue prefix and channel prefix. */
  namespace?: string | undefined;
}

export function transportKind(config: TransportConfig): TransportKind {
  return config.redisUrl ? 'redis' : 'postgres';
}

/** ioredis options from a redis:// URL, with what BullMQ workers require. */
export function redisOptionsFromUrl(url: string) {
  const u = new URL(url);
  const db = u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0;
  return {
    host: u.hostname,
    port: u.port ? Number(u.port) : 6379,
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: Number.isFinite(db) ? db : 0,
    tls: u.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
}
