import { Module } from '@nestjs/common';
import { BrowserEvents, FabricBrowserEvents } from '@arbitra/transport';
import { QUEUE_FACTORY, SOCKET_ADAPTER, transportProviders } from './transport.providers.js';
import { ApiConfigModule } from '../config/api-config.module.js';

/**
 * The api's transports: the queue factory (QUEUE_FACTORY: producers of jobs for the engine), the socket adapter
 * (the gateway's fabric) and the browser-events port (BrowserEvents: to a user, a room, the admins, the engines).
 * A module that adds jobs or pushes events imports this module.
 */
@Module({
  imports: [ApiConfigModule],
  providers: transportProviders,
  exports: [QUEUE_FACTORY, SOCKET_ADAPTER, FabricBrowserEvents, BrowserEvents],
})
export class TransportModule {}
