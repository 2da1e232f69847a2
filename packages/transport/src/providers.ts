import type { TransportConfig } from './backend.js';
import { createQueueFactory, type QueueFactory } from './queues.js';
import { createSocketAdapter, type SocketAdapter } from './sockets.js';

/** Nest injection tokens of the fabric's two connections, the same in the api and the engine. */
export const QUEUE_FACTORY = Symbol('QUEUE_FACTORY');
export const SOCKET_ADAPTER = Symbol('SOCKET_ADAPTER');

/** The part of a process's validated config the fabric reads. */
export interface FabricSettings {
  DATABASE_URL: string;
  REDIS_URL?: string | undefined;
  TRANSPORT_NAMESPACE?: string | undefined;
}

/** Where the fabric reports a lost queue connection and a socket event it could not publish (a Nest Logger). */
export interface FabricLog {
  warn(message: string): void;
  error(message: string): void;
}

/**
 * The queue factory and socket adapter providers of a process (api or engine), built from its config provider
 * (`configToken`). Nest providers by shape: this package does not depend on Nest.
 */
export function fabricConnectionProviders(configToken: symbol, log: FabricLog) {
  const transport = (c: FabricSettings): TransportConfig => ({
    databaseUrl: c.DATABASE_URL,
    redisUrl: c.REDIS_URL,
    namespace: c.TRANSPORT_NAMESPACE,
    onQueueError: (e) => log.warn(`Fila sem conexão, reconectando: ${e.message}`),
    onPublishError: (e) => log.error(`Evento de socket não publicado: ${e.message}`),
    onSubscriptionLost: (e) => log.warn(e.message),
  });
  return [
    {
      provide: QUEUE_FACTORY,
      inject: [configToken],
      useFactory: (c: FabricSettings): QueueFactory => createQueueFactory(transport(c)),
    },
    {
      provide: SOCKET_ADAPTER,
      inject: [configToken],
      useFactory: (c: FabricSettings): SocketAdapter => createSocketAdapter(transport(c)),
    },
  ];
}
