import { Logger, type Provider } from '@nestjs/common';
import {
  BrowserEvents,
  createQueueFactory,
  FabricBrowserEvents,
  createSocketAdapter,
  type QueueFactory,
  type SocketAdapter,
} from '@arbitra/transport';
import { API_CONFIG, type ApiConfig } from '../config/config.js';

export const QUEUE_FACTORY = Symbol('QUEUE_FACTORY');
export const SOCKET_ADAPTER = Symbol('SOCKET_ADAPTER');

const fabricLog = new Logger('SocketFabric');

export const transportProviders: Provider[] = [
  {
    provide: QUEUE_FACTORY,
    inject: [API_CONFIG],
    useFactory: (c: ApiConfig): QueueFactory =>
      createQueueFactory({
        databaseUrl: c.DATABASE_URL,
        redisUrl: c.REDIS_URL,
        namespace: c.TRANSPORT_NAMESPACE,
        onQueueError: (e) => fabricLog.warn(`Fila sem conexão, reconectando: ${e.message}`),
      }),
  },
  {
    provide: SOCKET_ADAPTER,
    inject: [API_CONFIG],
    useFactory: (c: ApiConfig): SocketAdapter =>
      createSocketAdapter({
        databaseUrl: c.DATABASE_URL,
        redisUrl: c.REDIS_URL,
        namespace: c.TRANSPORT_NAMESPACE,
        onPublishError: (e) => fabricLog.error(`Evento de socket não publicado: ${e.message}`),
        onSubscriptionLost: (e) => fabricLog.warn(e.message),
      }),
  },
  // The browser-events port: bound to the gateway's Socket.IO server when it starts (RealtimeGateway.afterInit).
  { provide: FabricBrowserEvents, useFactory: () => new FabricBrowserEvents() },
  { provide: BrowserEvents, useExisting: FabricBrowserEvents },
];
