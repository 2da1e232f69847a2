import { Inject, Injectable, Logger, Module, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import { CredentialCipher } from '@arbitra/db';
import { createRateBudget, type RateBudget } from '@arbitra/transport';
import { ENGINE_CONFIG, type EngineConfig } from '../config/config.js';
import { CREDENTIAL_VALIDATOR, CredentialChecksProcessor } from './credential-checks.processor.js';
import { DatabaseModule } from '../database/database.module.js';
import { CREDENTIAL_CIPHER, CredentialStore } from './credential-store.js';
import { CredentialValidator } from './credential-validator.js';
import { LiveChecklistChecker } from './live-checklist.js';
import {
  EXCHANGE_CLIENT_FACTORY,
  createCcxtClientFactory,
  parseApiOrigins,
  withRateBudget,
  type ExchangeClientFactory,
} from './exchange-client.factory.js';
import { TransportModule } from '../transport/transport.module.js';
import { EngineConfigModule } from '../config/engine-config.module.js';

export const RATE_BUDGET = Symbol('RATE_BUDGET');

/** Closes the shared rate budget's connection at shutdown. */
@Injectable()
export class RateBudgetLifecycle implements OnApplicationShutdown {
  constructor(@Inject(RATE_BUDGET) private readonly budget: RateBudget) {}

  async onApplicationShutdown(): Promise<void> {
    await this.budget.close();
  }
}

const budgetLog = new Logger('RateBudget');

/** The providers of CredentialsModule. */
export const credentialsProviders: Provider[] = [
  {
    provide: CREDENTIAL_CIPHER,
    inject: [ENGINE_CONFIG],
    useFactory: (c: EngineConfig) => (c.CREDENTIALS_KEYS ? CredentialCipher.fromSpec(c.CREDENTIALS_KEYS) : null),
  },
  {
    provide: RATE_BUDGET,
    inject: [ENGINE_CONFIG],
    useFactory: (c: EngineConfig) =>
      createRateBudget({ databaseUrl: c.DATABASE_URL, redisUrl: c.REDIS_URL, namespace: c.TRANSPORT_NAMESPACE }),
  },
  RateBudgetLifecycle,
  {
    // Every ccxt client of the engine (checks, live orders) spends its key's budget shared by all engines.
    provide: EXCHANGE_CLIENT_FACTORY,
    inject: [ENGINE_CONFIG, RATE_BUDGET],
    useFactory: (c: EngineConfig, budget: RateBudget): ExchangeClientFactory =>
      withRateBudget(createCcxtClientFactory(parseApiOrigins(c.EXCHANGE_API_ORIGINS)), budget, (e) =>
        budgetLog.warn(`Orçamento de requisições indisponível, limite local usado: ${e.message}`),
      ),
  },
  {
    provide: CREDENTIAL_VALIDATOR,
    inject: [EXCHANGE_CLIENT_FACTORY, ENGINE_CONFIG],
    useFactory: (factory: ExchangeClientFactory, c: EngineConfig) => new CredentialValidator(factory, c.CREDENTIAL_CHECK_TIMEOUT_MS),
  },
  {
    provide: LiveChecklistChecker,
    inject: [CredentialStore, EXCHANGE_CLIENT_FACTORY, CREDENTIAL_VALIDATOR, ENGINE_CONFIG],
    useFactory: (store: CredentialStore, factory: ExchangeClientFactory, validator: CredentialValidator, c: EngineConfig) =>
      new LiveChecklistChecker(store, factory, validator, c.CREDENTIAL_CHECK_TIMEOUT_MS),
  },
  CredentialStore,
  CredentialChecksProcessor,
];

/**
 * Exchange credentials in the engine: the check worker (credential-checks queue) and, for the live
 * executor, `CredentialStore.decryptForExecution` (exported; the execution module imports this module).
 * Imports what it injects: ENGINE_CONFIG (EngineConfigModule), QUEUE_FACTORY and BrowserEvents (TransportModule).
 */
@Module({
  imports: [EngineConfigModule, TransportModule, DatabaseModule],
  providers: credentialsProviders,
  exports: [CredentialStore, EXCHANGE_CLIENT_FACTORY, LiveChecklistChecker],
})
export class CredentialsModule {}
