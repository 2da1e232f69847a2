import { Module } from '@nestjs/common';
import { BrowserEvents, FabricBrowserEvents } from '@arbitra/transport';
import { fabricProviders, QUEUE_FACTORY, SOCKET_ADAPTER } from './fabric.providers.js';

/**
 * The engine's transports: the queue factory (QUEUE_FACTORY), the socket adapter and the browser-events port
 * (BrowserEvents: to a user, a room, the admins, the other processes). EngineModule closes them last on shutdown.
 */
@Module({
  providers: fabricProviders,
  exports: [QUEUE_FACTORY, SOCKET_ADAPTER, FabricBrowserEvents, BrowserEvents],
})
export class TransportModule {}
