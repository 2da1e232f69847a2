import { Global, Module } from '@nestjs/common';
import { RealtimeGateway } from './realtime.gateway.js';
import { transportProviders, QUEUE_FACTORY, SOCKET_ADAPTER } from './transport.providers.js';

/** The transports (queue factory, socket adapter) and the browsers' gateway. */
@Global()
@Module({
  providers: [...transportProviders, RealtimeGateway],
  exports: [QUEUE_FACTORY, SOCKET_ADAPTER, RealtimeGateway],
})
export class RealtimeModule {}
