import { Module } from '@nestjs/common';
import { CredentialStore } from '../credentials/credential-store.js';
import { CredentialsModule } from '../credentials/credentials.module.js';
import { EXCHANGE_CLIENT_FACTORY, type ExchangeClientFactory } from '../credentials/exchange-client.factory.js';
import { DatabaseModule } from '../database/database.module.js';
import { OwnershipModule } from '../ownership/ownership.module.js';
import { ScannerModule } from '../scanner/scanner.module.js';
import { BotEvents } from './bot-events.js';
import { ExecutionObservers } from './execution-observers.js';
import { ExecutionsProcessor, LIVE_GATEWAY_FACTORY } from './executions.processor.js';
import { liveGatewayFactory } from './live-gateway.js';
import { Notifier } from './notifier.js';
import { TransportModule } from '../transport/transport.module.js';
import { EngineConfigModule } from '../config/engine-config.module.js';

/**
 * The executor (the 'executions' queue: gateway, ledger, recovery) and the bot events it sends. It knows no bot
 * runner: it reports to ExecutionObservers (the bots module subscribes).
 */
@Module({
  imports: [
    EngineConfigModule,
    TransportModule,
    ScannerModule,
    DatabaseModule,
    CredentialsModule,
    OwnershipModule,
  ],
  providers: [
    BotEvents,
    ExecutionObservers,
    ExecutionsProcessor,
    Notifier,
    {
      provide: LIVE_GATEWAY_FACTORY,
      inject: [CredentialStore, EXCHANGE_CLIENT_FACTORY],
      useFactory: (store: CredentialStore, createClient: ExchangeClientFactory) =>
        liveGatewayFactory(store, createClient),
    },
  ],
  exports: [BotEvents, ExecutionObservers, ExecutionsProcessor, Notifier],
})
export class ExecutionModule {}
