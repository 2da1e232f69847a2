import { Module } from '@nestjs/common';
import { TransportModule } from '../transport/transport.module.js';
import { RealtimeGateway } from './realtime.gateway.js';

/**
 * The browsers' gateway (Socket.IO on the fabric adapter of TransportModule). It depends on nothing of the features:
 * the auth module passes it the authenticator; services push to browsers through BrowserEvents (TransportModule).
 */
@Module({
  imports: [TransportModule],
  providers: [RealtimeGateway],
  exports: [RealtimeGateway],
})
export class RealtimeModule {}
