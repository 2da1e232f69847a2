import { Global, Inject, Injectable, Module, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import pg from 'pg';
import { CredentialCipher } from '@arbitra/db';
import { ENGINE_CONFIG, type EngineConfig } from '../config/config.js';
import { CREDENTIAL_VALIDATOR, CredentialChecksProcessor } from './credential-checks.processor.js';
import { CREDENTIAL_CIPHER, CREDENTIALS_DB, CredentialStore } from './credential-store.js';
import { CredentialValidator } from './credential-validator.js';
import { EXCHANGE_CLIENT_FACTORY, ccxtClientFactory, type ExchangeClientFactory } from './exchange-client.factory.js';

/** Closes the credentials' database pool after the worker stopped. */
@Injectable()
export class CredentialsDbLifecycle implements OnApplicationShutdown {
  constructor(@Inject(CREDENTIALS_DB) private readonly db: pg.Pool) {}

  async onApplicationShutdown(): Promise<void> {
    await this.db.end();
  }
}

/** The providers of CredentialsModule. */
export const credentialsProviders: Provider[] = [
  {
    provide: CREDENTIALS_DB,
    inject: [ENGINE_CONFIG],
    useFactory: (c: EngineConfig) => {
      const pool = new pg.Pool({ connectionString: c.DATABASE_URL, max: 3 });
      pool.on('error', () => undefined);
      return pool;
    },
  },
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
  CredentialsDbLifecycle,
];

/**
 * Exchange credentials in the engine: the check worker (credential-checks queue) and, for the live
 * executor, `CredentialStore.decryptForExecution` (exported; global so the execution module can inject it).
 * Needs EngineModule's exports (ENGINE_CONFIG, QUEUE_FACTORY, FABRIC_SERVER).
 */
@Global()
@Module({
  providers: credentialsProviders,
  exports: [CredentialStore, EXCHANGE_CLIENT_FACTORY],
})
export class CredentialsModule {}
