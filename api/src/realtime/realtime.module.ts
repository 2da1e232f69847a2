import { Global, Module } from '@nestjs/common';
import { AuthModule } from '../modules/auth/auth.module.js';
import { EngineLinkModule } from '../modules/engine-link/engine-link.module.js';
import { SubscriptionsModule } from '../modules/subscriptions/subscriptions.module.js';
import { TransportModule } from '../transport/transport.module.js';
import { RealtimeGateway } from './realtime.gateway.js';

/**
 * The browsers' gateway (Socket.IO on the fabric adapter of TransportModule). Infrastructure, global like the roots:
 * feature modules that push to browsers (settings, metrics) inject RealtimeGateway without importing the gateway's
 * own dependencies (auth), which would make a module cycle.
 */
@Global()
@Module({
  imports: [TransportModule, EngineLinkModule, AuthModule, SubscriptionsModule],
  providers: [RealtimeGateway],
  exports: [RealtimeGateway],
})
export class RealtimeModule {}
