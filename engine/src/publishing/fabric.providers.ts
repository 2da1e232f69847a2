import type { OnApplicationShutdown, Provider } from '@nestjs/common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  createHeadlessServer,
  createQueueFactory,
  createSocketAdapter,
  type FabricServer,
  type QueueFactory,
  type SocketAdapter,
} from '@arbitra/transport';
import { ENGINE_CONFIG, type EngineConfig } from '../config/config.js';

export const QUEUE_FACTORY = Symbol('QUEUE_FACTORY');
export const SOCKET_ADAPTER = Symbol('SOCKET_ADAPTER');
export const FABRIC_SERVER = Symbol('FABRIC_SERVER');

/** Closes the transports last, after every worker and publisher stopped. */
@Injectable()
export class TransportLifecycle implements OnApplicationShutdown {
  constructor(
    @Inject(FABRIC_SERVER) private readonly io: FabricServer,
    @Inject(SOCKET_ADAPTER) private readonly adapter: SocketAdapter,
    @Inject(QUEUE_FACTORY) private readonly queues: QueueFactory,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.queues.close();
    // A headless server has no engine to close: disconnect its adapter, then the connections behind it.
    this.io.disconnectSockets(true);
    await Promise.resolve(this.io.of('/').adapter.close());
    await this.adapter.close();
  }
}

const fabricLog = new Logger('SocketFabric');

export const fabricProviders: Provider[] = [
  {
    provide: QUEUE_FACTORY,
    inject: [ENGINE_CONFIG],
    useFactory: (c: EngineConfig) =>
      createQueueFactory({
        databaseUrl: c.DATABASE_URL,
        redisUrl: c.REDIS_URL,
        namespace: c.TRANSPORT_NAMESPACE,
        onQueueError: (e) => fabricLog.warn(`Fila sem conexão, reconectando: ${e.message}`),
      }),
  },
  {
    provide: SOCKET_ADAPTER,
    inject: [ENGINE_CONFIG],
    useFactory: (c: EngineConfig) =>
      createSocketAdapter({
        databaseUrl: c.DATABASE_URL,
        redisUrl: c.REDIS_URL,
        namespace: c.TRANSPORT_NAMESPACE,
        onPublishError: (e) => fabricLog.error(`Evento de socket não publicado: ${e.message}`),
        onSubscriptionLost: (e) => fabricLog.warn(e.message),
      }),
  },
  {
    provide: FABRIC_SERVER,
    inject: [SOCKET_ADAPTER],
    useFactory: (a: SocketAdapter) => createHeadlessServer(a),
  },
  TransportLifecycle,
];
