import { createAdapter as createPostgresAdapter } from '@socket.io/postgres-adapter';
import { createAdapter as createRedisAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { ClientToServerEvents, InterServerEvents, ServerToClientEvents } from '@arbitra/contracts';
import {
  transportKind,
  transportPool,
  transportRedis,
  type TransportConfig,
  type TransportKind,
} from './backend.js';

export type AdapterConstructor =
  ReturnType<typeof createRedisAdapter> | ReturnType<typeof createPostgresAdapter>;

export interface SocketAdapter {
  readonly kind: TransportKind;
  /** Pass to `io.adapter(...)` on every Socket.IO server of the fabric (api instances and the engine). */
  readonly adapter: AdapterConstructor;
  close(): Promise<void>;
}

/** Table the Postgres adapter uses for payloads over NOTIFY's 8 KB limit (created by the migrations too). */
export const SOCKET_ATTACHMENTS_TABLE = 'socket_io_attachments';

/**
 * NOTIFY refuses a payload of 8,000 bytes or more (bytes, not characters: 'ç' is two in UTF-8).
 * The adapter compares the payload's UTF-8 byte length with this threshold and moves anything
 * larger to the attachments table; the margin keeps us clear of the limit whatever the encoding
 * details of a given server.
 */
export const NOTIFY_PAYLOAD_THRESHOLD_BYTES = 7_000;

function reportToStderr(error: Error): void {
  process.stderr.write(`[socket-fabric] evento não publicado: ${error.message}\n`);
}

/**
 * The one factory for the socket fabric's adapter: Redis pub/sub when REDIS_URL
 * is set, otherwise Postgres LISTEN/NOTIFY.
 */
export function createSocketAdapter(config: TransportConfig): SocketAdapter {
  const kind = transportKind(config);
  const report = config.onPublishError ?? reportToStderr;
  if (kind === 'redis') {
    // Connection errors are retried by ioredis; a publish that finally fails is reported.
    const pub = reportingRedisPublishFailures(report, transportRedis(config, 20));
    const sub = transportRedis(config, 20);
    const watch = keepingRedisSubscriptions(
      config.onSubscriptionLost ?? ((e) => process.stderr.write(`[socket-fabric] ${e.message}\n`)),
      pub,
      sub,
      createRedisAdapter(pub, sub, { key: config.namespace ?? 'socket.io' }),
    );
    return {
      kind,
      adapter: watch.adapter,
      close: async () => {
        watch.stop();
        pub.disconnect();
        sub.disconnect();
        await Promise.resolve();
      },
    };
  }
  // The adapter keeps one client checked out for LISTEN and only listens to its 'end' (then reconnects): its errors
  // are the pool's client class's (TransportPgClient).
  const pool = transportPool(config, 4);
  return {
    kind,
    adapter: reportingPublishFailures(
      report,
      createPostgresAdapter(pool, {
        tableName: SOCKET_ATTACHMENTS_TABLE,
        channelPrefix: config.namespace ?? 'socket.io',
        heartbeatInterval: 2_000,
        payloadThreshold: NOTIFY_PAYLOAD_THRESHOLD_BYTES,
        errorHandler: report,
      }),
    ),
    close: () => pool.end(),
  };
}

/**
 * The Redis adapter calls `pubClient.publish(...)` without awaiting it: a publish that fails (Redis down longer
 * than ioredis retries) would be an unhandled rejection and the event silently lost. Every publish of this client
 * is reported instead (and resolves to 0 receivers).
 */
export function reportingRedisPublishFailures<C extends Pick<Redis, 'publish'>>(
  report: (error: Error) => void,
  client: C,
): C {
  const publish = client.publish.bind(client) as (...args: unknown[]) => Promise<number>;
  (client as { publish: (...args: unknown[]) => Promise<number> }).publish = (...args) =>
    publish(...args).catch((error: unknown) => {
      report(error instanceof Error ? error : new Error(String(error)));
      return 0;
    });
  return client;
}

/** How often each Redis adapter checks that the fabric still reaches it. */
export const SUBSCRIPTION_CHECK_MS = 5_000;

/** The channels a `@socket.io/redis-adapter` instance listens on (its own fields, not in its typings). */
export interface RedisAdapterChannels {
  channel: string;
  requestChannel: string;
  responseChannel: string;
  specificResponseChannel: string;
}

/**
 * The Redis adapter subscribes in its constructor without awaiting or checking the result: if that subscription
 * is missing, this process hears nothing of the fabric (no engine heartbeat, no market, no trade) and nothing says
 * so. Every few seconds, ask Redis whether the adapter's own response channel (unique to it) has a subscriber;
 * when it has none, report it and subscribe again (Redis ignores a subscription a connection already has).
 */
export function keepingRedisSubscriptions(
  report: (error: Error) => void,
  pub: Pick<Redis, 'pubsub'>,
  sub: Pick<Redis, 'psubscribe' | 'subscribe'>,
  make: ReturnType<typeof createRedisAdapter>,
  everyMs = SUBSCRIPTION_CHECK_MS,
): { adapter: ReturnType<typeof createRedisAdapter>; stop(): void } {
  const timers = new Set<NodeJS.Timeout>();
  const adapter = function (nsp: Parameters<typeof make>[0]) {
    const made = make(nsp);
    const c = made as unknown as RedisAdapterChannels;
    let checking = false;
    const check = async () => {
      if (checking) return;
      checking = true;
      try {
        const [, listeners] = (await pub.pubsub('NUMSUB', c.specificResponseChannel)) as [string, number];
        if (Number(listeners) > 0) return;
        report(
          new Error(
            `inscrição do adaptador Redis ausente (${(nsp as { name: string }).name}): inscrevendo de novo`,
          ),
        );
        await sub.psubscribe(`${c.channel}*`);
        await sub.subscribe(c.requestChannel, c.responseChannel, c.specificResponseChannel);
      } catch (error) {
        report(error instanceof Error ? error : new Error(String(error)));
      } finally {
        checking = false;
      }
    };
    const timer = setInterval(() => void check(), everyMs);
    timer.unref();
    timers.add(timer);
    const close = made.close.bind(made);
    made.close = () => {
      clearInterval(timer);
      timers.delete(timer);
      return close();
    };
    return made;
  } as unknown as ReturnType<typeof createRedisAdapter>;
  return {
    adapter,
    stop: () => {
      for (const t of timers) clearInterval(t);
      timers.clear();
    },
  };
}

type PublishingAdapter = Record<'doPublish' | 'doPublishResponse', (...args: unknown[]) => Promise<unknown>>;

/**
 * The Postgres adapter reports a failed NOTIFY to its errorHandler, but a failed attachment
 * (INSERT of a large payload) only reaches a debug() line in socket.io-adapter. Wrap both publish
 * paths of each namespace's adapter so every failure is reported.
 */
function reportingPublishFailures(
  report: (error: Error) => void,
  make: ReturnType<typeof createPostgresAdapter>,
) {
  // Socket.IO calls it with `new`; a function returning an object gives that object.
  return function (nsp: Parameters<typeof make>[0]) {
    const adapter = make(nsp);
    const publishing = adapter as unknown as PublishingAdapter;
    for (const method of ['doPublish', 'doPublishResponse'] as const) {
      const original = publishing[method].bind(adapter);
      publishing[method] = (...args) =>
        original(...args).catch((error: unknown) => {
          report(error instanceof Error ? error : new Error(String(error)));
          throw error;
        });
    }
    return adapter;
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
