import { Module } from '@nestjs/common';
import { QUEUE_FACTORY, SOCKET_ADAPTER, transportProviders } from './transport.providers.js';

/**
 * The api's transports: the queue factory (QUEUE_FACTORY: producers of jobs for the engine) and the socket adapter
 * (the gateway's fabric). A module that adds jobs or needs the adapter imports this module.
 */
@Module({
  providers: transportProviders,
  exports: [QUEUE_FACTORY, SOCKET_ADAPTER],
})
export class TransportModule {}
