import { Logger, type Provider } from '@nestjs/common';
import { BrowserEvents, FabricBrowserEvents, fabricConnectionProviders } from '@arbitra/transport';
import { API_CONFIG } from '../config/config.js';

export { QUEUE_FACTORY, SOCKET_ADAPTER } from '@arbitra/transport';

export const transportProviders: Provider[] = [
  ...fabricConnectionProviders(API_CONFIG, new Logger('SocketFabric')),
  // The browser-events port: bound to the gateway's Socket.IO server when it starts (RealtimeGateway.afterInit).
  { provide: FabricBrowserEvents, useFactory: () => new FabricBrowserEvents() },
  { provide: BrowserEvents, useExisting: FabricBrowserEvents },
];
