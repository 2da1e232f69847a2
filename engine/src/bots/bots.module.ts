import { Module } from '@nestjs/common';
import { CredentialStore } from '../credentials/credential-store.js';
import {
  EXCHANGE_CLIENT_FACTORY,
  type ExchangeClientFactory,
} from '../credentials/exchange-client.factory.js';
import { ExecutionsProcessor, LIVE_GATEWAY_FACTORY } from '../execution/executions.processor.js';
import { liveGatewayFactory } from '../execution/live-gateway.js';
import { ScannerModule } from '../scanner/scanner.module.js';
import { BotEvents } from './bot-events.js';
import { BotRunner } from './bot-runner.service.js';
import { engineDataSourceProviders } from './engine-data-source.js';

/** Bots in the engine: the runner (matching, sizing, enqueueing) and the executor (gateway, ledger, events). */
@Module({
  imports: [ScannerModule],
  providers: [
    ...engineDataSourceProviders,
    BotEvents,
    BotRunner,
    ExecutionsProcessor,
    {
      provide: LIVE_GATEWAY_FACTORY,
      inject: [CredentialStore, EXCHANGE_CLIENT_FACTORY],
      useFactory: (store: CredentialStore, createClient: ExchangeClientFactory) =>
        liveGatewayFactory(store, createClient),
    },
  ],
  exports: [BotRunner, ExecutionsProcessor],
})
export class BotsModule {}
