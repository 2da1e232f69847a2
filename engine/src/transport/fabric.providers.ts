import type { OnApplicationShutdown, Provider } from '@nestjs/common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  BrowserEvents,
  createHeadlessServer,
  createQueueFactory,
  createSocketAdapter,
  FabricBrowserEvents,
  type QueueFactory,
  type SocketAdapter,
} from '@arbitra/transport';
import { ENGINE_CONFIG, type EngineConfig } from '../config/config.js';

export const QUEUE_FACTORY = Symbol('QUEUE_FACTORY');
export const SOCKET_ADAPTER = Symbol('SOCKET_ADAPTER');

/** Closes the transports last, after every worker and publisher stopped (provided by EngineModule, the root). */
@Injectable()
export class TransportLifecycle implements OnApplicationShutdown {
  constructor(
    private readonly events: FabricBrowserEvents,
    @Inject(SOCKET_ADAPTER) private readonly adapter: SocketAdapter,
    @Inject(QUEUE_FACTORY) private readonly queues: QueueFactory,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.queues.close();
    // A headless server has no engine to close: disconnect its adapter, then the connections behind it.
    await this.events.close();
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
    // The browser-events port over a headless Socket.IO server: the engine publishes to browsers connected to any
    // api instance, and to the other processes, through the adapter.
    provide: FabricBrowserEvents,
    inject: [SOCKET_ADAPTER],
    useFactory: (a: SocketAdapter) => new FabricBrowserEvents(createHeadlessServer(a)),
  },
  { provide: BrowserEvents, useExisting: FabricBrowserEvents },
];
