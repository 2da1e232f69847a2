import { createAdapter as createPostgresAdapter } from '@socket.io/postgres-adapter';
import { createAdapter as createRedisAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import pg from 'pg';
import { Server } from 'socket.io';
import type { ClientToServerEvents, InterServerEvents, ServerToClientEvents } from '@arbitra/contracts';
import { redisOptionsFromUrl, transportKind, type TransportConfig, type TransportKind } from './backend.js';

export type AdapterConstructor = ReturnType<typeof createRedisAdapter> | ReturnType<typeof createPostgresAdapter>;

export interface SocketAdapter {
  readonly kind: TransportKind;
  /** Pass to `io.adapter(...)` on every Socket.IO server of the fabric (api instances and the engine). */
  readonly adapter: AdapterConstructor;
  close(): Promise<void>;
}

/** Table the Postgres adapter uses for payloads over NOTIFY's 8 KB limit (created by the migrations too). */
export const SOCKET_ATTACHMENTS_TABLE = 'socket_io_attachments';

/**
 * The one factory for the socket fabric's adapter: Redis pub/sub when REDIS_URL
 * is set, otherwise Postgres LISTEN/NOTIFY.
 */
export function createSocketAdapter(config: TransportConfig): SocketAdapter {
  const kind = transportKind(config);
  if (kind === 'redis') {
    const options = { ...redisOptionsFromUrl(config.redisUrl as string), maxRetriesPerRequest: 20 };
    const pub = new Redis(options);
    const sub = new Redis(options);
    return {
      kind,
      adapter: createRedisAdapter(pub, sub, { key: config.namespace ?? 'socket.io' }),
      close: async () => {
        pub.disconnect();
        sub.disconnect();
        await Promise.resolve();
      },
    };
  }
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 4 });
  pool.on('error', () => undefined);
  return {
    kind,
    adapter: createPostgresAdapter(pool, {
      tableName: SOCKET_ATTACHMENTS_TABLE,
      channelPrefix: config.namespace ?? 'socket.io',
      heartbeatInterval: 2_000,
    }),
    close: () => pool.end(),
  };
}

export type FabricServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents>;

/**
 * A Socket.IO server with no HTTP listener: the engine uses it to publish to
 * browsers connected to any api instance, through the adapter.
 */
export function createHeadlessServer(adapter: SocketAdapter): FabricServer {
  const io: FabricServer = new Server();
  io.adapter(adapter.adapter);
  return io;
}
