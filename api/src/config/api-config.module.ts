import { Module } from '@nestjs/common';
import { BootScope } from '@arbitra/transport';
import type { Logger } from 'pino';
import { PINO_LOGGER } from '../common/logging/logger.js';
import { API_CONFIG, type ApiConfig } from './config.js';

/** What the api is booted with (createApiApp: main.ts and the tests pass their own). */
export interface ApiBoot {
  config: ApiConfig;
  logger: Logger;
}

const boot = new BootScope<ApiBoot>('ApiConfigModule');

/**
 * The api's config (`API_CONFIG`) and pino logger (`PINO_LOGGER`): a module that injects either imports this module.
 * Not global, and not a `forRoot`: the values are those of the boot in progress (`ApiConfigModule.boot`, called by
 * createApiApp around `NestFactory.create`), read by the factories below once per app (packages/transport
 * `boot-scope.ts` says why).
 */
@Module({
  providers: [
    { provide: API_CONFIG, useFactory: (): ApiConfig => boot.current().config },
    { provide: PINO_LOGGER, useFactory: (): Logger => boot.current().logger },
  ],
  exports: [API_CONFIG, PINO_LOGGER],
})
export class ApiConfigModule {
  /** Builds the api (`create`: the `NestFactory.create` call) with this config and logger. */
  static boot<T>(value: ApiBoot, create: () => Promise<T>): Promise<T> {
    return boot.run(value, create);
  }
}
