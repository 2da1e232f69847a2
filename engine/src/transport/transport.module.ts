import { Module } from '@nestjs/common';
import { BrowserEvents, FabricBrowserEvents } from '@arbitra/transport';
import { EngineConfigModule } from '../config/engine-config.module.js';
import { fabricProviders, QUEUE_FACTORY, SOCKET_ADAPTER, TransportLifecycle } from './fabric.providers.js';

/**
 * The engine's transports: the queue factory (QUEUE_FACTORY), the socket adapter and the browser-events port
 * (BrowserEvents: to a user, a room, the admins, the other processes). A module that works a queue or sends events
 * imports this module; Nest shuts modules down from the root to the modules they import, so TransportLifecycle closes
 * the transports after every module using them stopped.
 */
@Module({
  imports: [EngineConfigModule],
  providers: [...fabricProviders, TransportLifecycle],
  exports: [QUEUE_FACTORY, SOCKET_ADAPTER, FabricBrowserEvents, BrowserEvents],
})
export class TransportModule {}
