import { Module, type Provider } from '@nestjs/common';
import { CredentialCipher } from '@arbitra/db';
import { ENGINE_CONFIG, type EngineConfig } from '../config/config.js';
import { CREDENTIAL_VALIDATOR, CredentialChecksProcessor } from './credential-checks.processor.js';
import { DatabaseModule } from '../database/database.module.js';
import { CREDENTIAL_CIPHER, CredentialStore } from './credential-store.js';
import { CredentialValidator } from './credential-validator.js';
import { EXCHANGE_CLIENT_FACTORY, ccxtClientFactory, type ExchangeClientFactory } from './exchange-client.factory.js';

/** The providers of CredentialsModule. */
export const credentialsProviders: Provider[] = [
  {
    provide: CREDENTIAL_CIPHER,
    inject: [ENGINE_CONFIG],
    useFactory: (c: EngineConfig) => (c.CREDENTIALS_KEYS ? CredentialCipher.fromSpec(c.CREDENTIALS_KEYS) : null),
  },
  { provide: EXCHANGE_CLIENT_FACTORY, useValue: ccxtClientFactory },
  {
    provide: CREDENTIAL_VALIDATOR,
    inject: [EXCHANGE_CLIENT_FACTORY, ENGINE_CONFIG],
    useFactory: (factory: ExchangeClientFactory, c: EngineConfig) => new CredentialValidator(factory, c.CREDENTIAL_CHECK_TIMEOUT_MS),
  },
  CredentialStore,
  CredentialChecksProcessor,
];

/**
 * Exchange credentials in the engine: the check worker (credential-checks queue) and, for the live
 * executor, `CredentialStore.decryptForExecution` (exported; the execution module imports this module).
 * Needs EngineModule's exports (ENGINE_CONFIG, QUEUE_FACTORY, BrowserEvents).
 */
@Module({
  imports: [DatabaseModule],
  providers: credentialsProviders,
  exports: [CredentialStore, EXCHANGE_CLIENT_FACTORY],
})
export class CredentialsModule {}
