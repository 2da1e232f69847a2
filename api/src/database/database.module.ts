import { Module, type Provider } from '@nestjs/common';
import { TypeOrmModule, getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { REPOSITORIES, dataSourceOptions } from '@arbitra/db';
import { ApiConfigModule } from '../config/api-config.module.js';
import { API_CONFIG, type ApiConfig } from '../config/config.js';

/** One provider per repository of @arbitra/db, built on the api's one DataSource. */
const repositoryProviders: Provider[] = REPOSITORIES.map((Repository) => ({
  provide: Repository,
  inject: [getDataSourceToken()],
  useFactory: (ds: DataSource) => new Repository(ds),
}));

/**
 * The api's data access: its DataSource (TypeORM, from DATABASE_URL) and every repository of @arbitra/db. A feature
 * module imports this module and its services inject the repositories they need; only this folder (and the CLI)
 * knows the DataSource — the lint rule in eslint.config.js keeps it so.
 */
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      imports: [ApiConfigModule],
      inject: [API_CONFIG],
      useFactory: (c: ApiConfig) => ({
        ...dataSourceOptions(c.DATABASE_URL),
        retryAttempts: 3,
        retryDelay: 1000,
      }),
    }),
  ],
  providers: repositoryProviders,
  exports: [...REPOSITORIES],
})
export class DatabaseModule {}
