import { Module, type Provider } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { BotLocks, REPOSITORIES } from '@arbitra/db';
import { ENGINE_DATA_SOURCE, engineDataSourceProviders } from './engine-data-source.js';
import { EngineConfigModule } from '../config/engine-config.module.js';

/** One provider per repository of @arbitra/db, built on the engine's DataSource. */
const repositoryProviders: Provider[] = REPOSITORIES.map((Repository) => ({
  provide: Repository,
  inject: [ENGINE_DATA_SOURCE],
  useFactory: (ds: DataSource) => new Repository(ds),
}));

/** The executor's per-bot advisory locks: one session of their own per engine process (closed at shutdown). */
const botLocksProvider: Provider = {
  provide: BotLocks,
  inject: [ENGINE_DATA_SOURCE],
  useFactory: (ds: DataSource) => new BotLocks(ds),
};

/**
 * The engine's data access: its one DataSource (closed at shutdown), every repository, and the bot locks. Feature
 * modules import this module and inject repositories; only this folder knows the DataSource.
 */
@Module({
  imports: [EngineConfigModule],
  providers: [...engineDataSourceProviders, ...repositoryProviders, botLocksProvider],
  exports: [ENGINE_DATA_SOURCE, ...REPOSITORIES, BotLocks],
})
export class DatabaseModule {}
