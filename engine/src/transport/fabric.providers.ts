import type { OnApplicationShutdown, Provider } from '@nestjs/common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  BrowserEvents,
  createHeadlessServer,
  FabricBrowserEvents,
  fabricConnectionProviders,
  QUEUE_FACTORY,
  SOCKET_ADAPTER,
  type QueueFactory,
  type SocketAdapter,
} from '@arbitra/transport';
import { ENGINE_CONFIG } from '../config/config.js';

export { QUEUE_FACTORY, SOCKET_ADAPTER } from '@arbitra/transport';

/** Closes the transports last, after every worker and publisher stopped (TransportModule: see there). */
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

export const fabricProviders: Provider[] = [
  ...fabricConnectionProviders(ENGINE_CONFIG, new Logger('SocketFabric')),
  {
    // The browser-events port over a headless Socket.IO server: the engine publishes to browsers connected to any
    // api instance, and to the other processes, through the adapter.
    provide: FabricBrowserEvents,
    inject: [SOCKET_ADAPTER],
    useFactory: (a: SocketAdapter) => new FabricBrowserEvents(createHeadlessServer(a)),
  },
  { provide: BrowserEvents, useExisting: FabricBrowserEvents },
];
